import { eq } from 'drizzle-orm';
import type { SeedContext } from '../app-module';
import { memberIdByMobile } from '../member/member.module';
import { virtualAccount } from './virtual-account.table';

/** The demo member's transfer accounts, so a newcomer sees where an offline payment goes. */
export async function seedVirtualAccounts({ tx, now }: SeedContext): Promise<void> {
  const memberId = await memberIdByMobile(tx, '13800138000');
  if (memberId === null) return;
  const existing = await tx
    .select({ id: virtualAccount.id })
    .from(virtualAccount)
    .where(eq(virtualAccount.memberId, memberId));
  if (existing.length > 0) return;
  await tx
    .insert(virtualAccount)
    .values([
      {
        memberId,
        bankName: '招商银行深圳分行营业部',
        accountName: '深圳示例电子有限公司',
        accountNo: '755900012310801',
        createdAt: now,
      },
      {
        memberId,
        bankName: '中国工商银行深圳福田支行',
        accountName: '深圳示例电子有限公司',
        accountNo: '4000021209200688001',
        createdAt: now,
      },
    ])
    .onConflictDoNothing();
}
