import { and, eq, isNull } from 'drizzle-orm';
import { hashPassword } from '../../lib/password';
import type { SeedContext, SeedTx } from '../app-module';
import { staffIdByUserName } from '../staff/staff.module';
import { accountManager } from './account-manager.table';
import { memberRelation } from './member-relation.table';
import { member, memberAgreement } from './member.table';

export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO_MOBILE = '13800138000';
export const INACTIVE_DEMO_MOBILE = '13900139000';
/** A colleague of the demo member who approved being related: the demo can switch to them. */
export const RELATED_DEMO_MOBILE = '13700137000';
/** The demo members: their new orders are moved by the demo factory (decision 0048). */
export const DEMO_MEMBER_MOBILES: readonly string[] = [
  DEMO_MOBILE,
  RELATED_DEMO_MOBILE,
  INACTIVE_DEMO_MOBILE,
];

const managers = [
  { realName: '陈晓静', mobile: '13600000001', qq: '800012301', pic: '/avatars/manager-1.svg' },
  { realName: '王志强', mobile: '13600000002', qq: '800012302', pic: '/avatars/manager-2.svg' },
  { realName: '李思雨', mobile: '13600000003', qq: '800012303', pic: '/avatars/manager-3.svg' },
];
/** Each manager's staff account (role sales), seeded by the staff module before this one. */
const managerStaff: Record<string, string> = {
  '13600000001': 'sales',
  '13600000002': 'sales2',
  '13600000003': 'sales3',
};

/** Account managers; the demo members, one of them related to another, one still inactive. */
export async function seedMembers({ tx, agreementVersion, now }: SeedContext): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await tx.insert(accountManager).values(managers).onConflictDoNothing();
  for (const [mobile, userName] of Object.entries(managerStaff)) {
    const staffId = await staffIdByUserName(tx, userName);
    if (staffId === null) continue;
    await tx
      .update(accountManager)
      .set({ staffId })
      .where(and(eq(accountManager.mobile, mobile), isNull(accountManager.staffId)));
  }
  const [firstManager] = await tx
    .select({ id: accountManager.id })
    .from(accountManager)
    .where(eq(accountManager.mobile, managers[0]?.mobile ?? ''));

  /** An active company member who accepted the agreement; undefined when already seeded. */
  const seedActiveMember = async (values: {
    mobile: string;
    realName: string;
    userName?: string;
  }) => {
    const [created] = await tx
      .insert(member)
      .values({
        ...values,
        companyName: '深圳示例电子有限公司',
        memberType: 'company',
        status: 'active',
        source: 'self',
        passwordHash,
        agreementVersion,
        agreementSignedAt: now,
        accountManagerId: firstManager?.id ?? null,
      })
      .onConflictDoNothing({ target: member.mobile })
      .returning({ id: member.id });
    if (created) {
      await tx
        .insert(memberAgreement)
        .values({ memberId: created.id, version: agreementVersion, signedAt: now })
        .onConflictDoNothing();
    }
    return created;
  };

  await seedActiveMember({ mobile: DEMO_MOBILE, userName: 'demo', realName: '张工' });
  const colleague = await seedActiveMember({ mobile: RELATED_DEMO_MOBILE, realName: '李工' });
  if (colleague) {
    const [main] = await tx
      .select({ id: member.id })
      .from(member)
      .where(eq(member.mobile, DEMO_MOBILE));
    if (main) {
      await tx
        .insert(memberRelation)
        .values({
          mainMemberId: main.id,
          relatedMemberId: colleague.id,
          status: 'approved',
          createdAt: now,
          decidedAt: now,
        })
        .onConflictDoNothing();
    }
  }
  // Opened by staff: can log in, but must accept the agreement and activate first.
  await tx
    .insert(member)
    .values({
      mobile: INACTIVE_DEMO_MOBILE,
      realName: '刘工',
      status: 'inactive',
      source: 'staff',
      passwordHash,
      accountManagerId: firstManager?.id ?? null,
    })
    .onConflictDoNothing({ target: member.mobile });
}

/** For other modules' seeds (the demo member's own rows). */
export async function memberIdByMobile(tx: SeedTx, mobile: string): Promise<number | null> {
  const [row] = await tx.select({ id: member.id }).from(member).where(eq(member.mobile, mobile));
  return row?.id ?? null;
}
