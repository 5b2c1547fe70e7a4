import type { Db } from '../../db/client';
import type { SeedContext } from '../app-module';
import { DEMO_MOBILE, memberIdByMobile } from '../member/member.module';
import { accounts, createLedger } from './ledger.repository';

/** What the demo member has to pay with: ¥5,000 of balance and ¥200 of gift balance. */
export const DEMO_BALANCE = 500_000;
export const DEMO_GIFT = 20_000;

/** How long before the seeding the demo money was credited: before its credit history. */
const DEMO_MONEY_DAYS = 100;

/**
 * The demo member's money (product decisions §6), credited once as finance's adjustments would
 * be: the ledger's `ref` is the natural key, so re-seeding credits nothing again. Dated before
 * the history the later seeds make (a bill repaid from the balance), so the logs read in order.
 */
export async function seedPayments({ tx, now }: SeedContext): Promise<void> {
  const memberId = await memberIdByMobile(tx, DEMO_MOBILE);
  if (memberId === null) return;
  const at = new Date(now.getTime() - DEMO_MONEY_DAYS * 24 * 3_600_000);
  const ledger = createLedger(tx as unknown as Db);
  await ledger.ensureMember(tx, memberId);
  for (const [account, amount, note] of [
    [accounts.balance(memberId), DEMO_BALANCE, '演示数据：预存余额'],
    [accounts.gift(memberId), DEMO_GIFT, '演示数据：新会员赠送金额'],
  ] as const) {
    await ledger.post(tx, {
      kind: 'adjustment',
      ref: `seed:${account}`,
      memberId,
      note,
      at,
      legs: [
        { key: accounts.adjustment, amount: -amount },
        { key: account, amount },
      ],
    });
  }
}
