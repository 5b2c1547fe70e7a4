import type { Db } from '../../db/client';
import type { SeedContext } from '../app-module';
import { DEMO_MOBILE, memberIdByMobile } from '../member/member.module';
import { accounts, createLedger } from '../payment/payment.module';
import { creditApply, creditMobile } from './credit-payment.table';

/** The demo member's credit line: ¥50,000, billed on the 1st. */
export const DEMO_CREDIT_LIMIT = 5_000_000;
export const DEMO_BILLING_DAY = 1;

/**
 * The demo member pays on credit out of the box (product decisions §6): an approved line, as
 * finance would have granted it (the ledger's `creditGrant:<apply>` once), and the login mobile
 * bound to approve payments. Natural keys: re-seeding changes nothing.
 */
export async function seedCredit({ tx, now }: SeedContext): Promise<void> {
  const memberId = await memberIdByMobile(tx, DEMO_MOBILE);
  if (memberId === null) return;
  const [apply] = await tx
    .insert(creditApply)
    .values({
      memberId,
      companyName: '深圳示例电子有限公司',
      contactName: '张工',
      contactPhone: DEMO_MOBILE,
      expectedMonthlyFen: 3_000_000,
      remark: '演示数据',
      status: 'approved',
      limitFen: DEMO_CREDIT_LIMIT,
      billingDay: DEMO_BILLING_DAY,
      decidedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: creditApply.memberId })
    .returning();
  if (!apply) return;
  const ledger = createLedger(tx as unknown as Db);
  await ledger.ensureMember(tx, memberId);
  await ledger.ensureCredit(tx, memberId);
  await ledger.post(tx, {
    kind: 'creditGrant',
    ref: `creditGrant:${apply.id}`,
    memberId,
    note: '演示数据：开通月结额度',
    at: now,
    legs: [
      { key: accounts.creditSource, amount: -DEMO_CREDIT_LIMIT },
      { key: accounts.credit(memberId), amount: DEMO_CREDIT_LIMIT },
    ],
  });
  await tx
    .insert(creditMobile)
    .values({ memberId, mobile: DEMO_MOBILE, createdAt: now })
    .onConflictDoNothing();
}
