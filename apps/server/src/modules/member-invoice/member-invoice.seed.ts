import { DEMO_MOBILE, memberIdByMobile } from '../member/member.module';
import type { SeedContext } from '../app-module';
import { eq } from 'drizzle-orm';
import { recountOwned } from '../../db/owned-list';
import { invoiceProfileList } from './member-invoice.repository';
import { memberInvoice } from './member-invoice.table';

/** The demo member's invoice profiles: the company's 普票 (default) and a personal one. */
export async function seedMemberInvoices({ tx, now }: SeedContext): Promise<void> {
  const memberId = await memberIdByMobile(tx, DEMO_MOBILE);
  if (memberId === null) return;
  const profiles = [
    {
      invoiceType: 'normal' as const,
      titleType: 'company' as const,
      title: '深圳示例电子有限公司',
      taxNumber: '91440300MA5DCKXX0T',
      email: 'finance@example.com',
      mobile: DEMO_MOBILE,
      isDefault: true,
    },
    {
      invoiceType: 'normal' as const,
      titleType: 'personal' as const,
      title: '张工',
      taxNumber: null,
      email: 'zhang.gong@example.com',
      mobile: null,
      isDefault: false,
    },
  ];
  // Only for a member who has none yet; their count follows the rows.
  const [existing] = await tx
    .select({ id: memberInvoice.id })
    .from(memberInvoice)
    .where(eq(memberInvoice.memberId, memberId))
    .limit(1);
  if (existing) return;
  await tx.insert(memberInvoice).values(
    profiles.map((p, i) => ({
      ...p,
      memberId,
      createdAt: new Date(now.getTime() - (profiles.length - i) * 60_000),
      updatedAt: new Date(now.getTime() - (profiles.length - i) * 60_000),
    })),
  );
  await recountOwned(tx, invoiceProfileList, memberId);
}
