import { eq } from 'drizzle-orm';
import { DEMO_MOBILE, memberIdByMobile } from '../member/member.module';
import type { SeedContext } from '../app-module';
import { recountOwned } from '../../db/owned-list';
import { contactList } from './member-contact.repository';
import { memberContact } from './member-contact.table';

/** The demo member's order contacts: two buyers (one main) and an engineer. */
export async function seedMemberContacts({ tx, now }: SeedContext): Promise<void> {
  const memberId = await memberIdByMobile(tx, DEMO_MOBILE);
  if (memberId === null) return;
  const [existing] = await tx
    .select({ id: memberContact.id })
    .from(memberContact)
    .where(eq(memberContact.memberId, memberId))
    .limit(1);
  if (existing) return;
  const at = now;
  await tx.insert(memberContact).values([
    {
      memberId,
      userType: 'purchasing',
      contactName: '王采购',
      mobile: '13800138001',
      email: 'purchase@example.com',
      isMain: true,
      createdAt: at,
      updatedAt: at,
    },
    {
      memberId,
      userType: 'purchasing',
      contactName: '赵敏',
      mobile: '13800138002',
      qq: '10086123',
      isMain: false,
      createdAt: at,
      updatedAt: at,
    },
    {
      memberId,
      userType: 'engineering',
      contactName: '陈工',
      mobile: '13800138003',
      wechat: 'chen_pcb_eng',
      isMain: true,
      createdAt: at,
      updatedAt: at,
    },
  ]);
  await recountOwned(tx, contactList, memberId);
}
