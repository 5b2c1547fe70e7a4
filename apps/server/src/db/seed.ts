import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../lib/password';
import type { Db } from './client';
import { accountManager, announcement, member, memberAgreement, memberRelation } from './schema';

/** Arbitrary, fixed: two instances starting together seed one after the other. */
const SEED_LOCK = 727_002;
export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO_MOBILE = '13800138000';
export const INACTIVE_DEMO_MOBILE = '13900139000';
/** A colleague of the demo member who approved being related: the demo can switch to them. */
export const RELATED_DEMO_MOBILE = '13700137000';

const managers = [
  { realName: '陈晓静', mobile: '13600000001', qq: '800012301', pic: '/avatars/manager-1.svg' },
  { realName: '王志强', mobile: '13600000002', qq: '800012302', pic: '/avatars/manager-2.svg' },
  { realName: '李思雨', mobile: '13600000003', qq: '800012303', pic: '/avatars/manager-3.svg' },
];

const announcements = [
  {
    type: 'home' as const,
    title: '双层板打样限时优惠',
    content: '即日起，10×10cm 以内双层板打样（5片）￥30 起，24小时加急可选。',
    linkUrl: '/OrdersPCB',
  },
  {
    type: 'member' as const,
    title: '春节放假及发货安排',
    content:
      '春节期间工厂正常接单，1月26日至2月3日暂停生产与发货，2月4日起恢复；请合理安排下单时间。',
    linkUrl: null,
  },
  {
    type: 'login' as const,
    title: '账户安全提醒',
    content: '客服不会向您索要密码或短信验证码，请勿向任何人透露。',
    linkUrl: null,
  },
  {
    type: 'register' as const,
    title: '新会员注册礼',
    content: '注册即送 PCB、SMT、钢网优惠券各一张，首单打样更省心。',
    linkUrl: null,
  },
];

/**
 * Demonstration data, safe to run on every start: rows are matched on natural keys and never
 * duplicated or overwritten.
 */
export async function seedDemoData(
  db: Db,
  agreementVersion: string,
  now = new Date(),
): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    await tx.insert(accountManager).values(managers).onConflictDoNothing();
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

    for (const a of announcements) {
      const [existing] = await tx
        .select({ id: announcement.id })
        .from(announcement)
        .where(and(eq(announcement.type, a.type), eq(announcement.title, a.title)));
      if (!existing) {
        await tx.insert(announcement).values({
          ...a,
          startsAt: new Date(now.getTime() - 24 * 3600_000),
          endsAt: null,
        });
      }
    }
  });
}
