import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { SeedContext } from '../app-module';
import { seedMessageSender, type MessageDraft } from '../member-message/member-message.module';
import { DEMO_MOBILE, memberIdByMobile } from '../member/member.module';
import {
  demoOrdersForCredit,
  seedCompleteDemoOrder,
  seedPayableOrders,
  type DemoCreditRole,
} from '../order/order.module';
import { accounts, createLedger, seedCreditPayments } from '../payment/payment.module';
import { addDays, chinaDayOf, dayOfMonth, dayStart } from './credit-dates';
import { createCreditBills } from './credit-bills.service';
import { createCreditLineService } from './credit-line.service';
import { createCreditRepository } from './credit-payment.repository';
import { creditOrderPaidIn } from './credit-payment.service';
import { creditApply, creditMobile, creditOrder } from './credit-payment.table';

/** The demo member's credit line: ¥50,000. */
export const DEMO_CREDIT_LIMIT = 5_000_000;

const HOUR_MS = 3_600_000;

/**
 * The demo line's billing day: five days before the seeding (at most the 28th), so its latest
 * bill is out and not yet due (due ten days after it) when a newcomer first looks.
 */
export const demoBillingDay = (now: Date): number =>
  Math.min(dayOfMonth(addDays(chinaDayOf(now), -5)), 28);

/** `YYYY-MM-DD` of the month before, the same day (billing days are 1–28). */
const monthBefore = (day: string): string => {
  const [y, m] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
  return `${py}-${String(pm).padStart(2, '0')}${day.slice(7)}`;
};

/** The line's last billing day before `today`, and the one a month before it. */
export function lastBillingDays(today: string, billingDay: number) {
  const yesterday = addDays(today, -1);
  const sameMonth = `${yesterday.slice(0, 8)}${String(billingDay).padStart(2, '0')}`;
  const latest = dayOfMonth(yesterday) >= billingDay ? sameMonth : monthBefore(sameMonth);
  return { latest, previous: monthBefore(latest) };
}

/**
 * The demo member pays on credit out of the box (product decisions §6): an approved line, as
 * finance would have granted it (the ledger's `creditGrant:<apply>` once), and the login mobile
 * bound to approve payments; then a history made as it would have happened (`seedCreditHistory`).
 * Natural keys: re-seeding changes nothing.
 */
export async function seedCredit(ctx: SeedContext): Promise<void> {
  const { tx, now } = ctx;
  const memberId = await memberIdByMobile(tx, DEMO_MOBILE);
  if (memberId === null) return;
  // Granted before the history below (its first order was paid about 45 days ago).
  const grantedAt = new Date(now.getTime() - 90 * 24 * HOUR_MS);
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
      billingDay: demoBillingDay(now),
      decidedAt: grantedAt,
      createdAt: grantedAt,
      updatedAt: grantedAt,
    })
    .onConflictDoNothing({ target: creditApply.memberId })
    .returning();
  if (apply) {
    const ledger = createLedger(tx as unknown as Db);
    await ledger.ensureMember(tx, memberId);
    await ledger.ensureCredit(tx, memberId);
    await ledger.post(tx, {
      kind: 'creditGrant',
      ref: `creditGrant:${apply.id}`,
      memberId,
      note: '演示数据：开通月结额度',
      at: grantedAt,
      legs: [
        { key: accounts.creditSource, amount: -DEMO_CREDIT_LIMIT },
        { key: accounts.credit(memberId), amount: DEMO_CREDIT_LIMIT },
      ],
    });
    await tx
      .insert(creditMobile)
      .values({ memberId, mobile: DEMO_MOBILE, createdAt: grantedAt })
      .onConflictDoNothing();
  }
  await seedCreditHistory(ctx, memberId);
}

/**
 * The demo member's credit history (product decisions §6), made by the real paths on the seed's
 * transaction, each step dated as it would have happened: the demo orders the order seed left
 * in 待付款 paid on credit (as `Pay` pays them, without the texted code), the bill job run on the
 * line's billing day a month before the last (that bill then repaid from the balance) and on the
 * last (that bill open, not yet due), and an order paid since (not billed yet). Once: a member
 * who paid on credit already keeps their own history.
 */
async function seedCreditHistory({ tx, now }: SeedContext, memberId: number): Promise<void> {
  const waiting = await demoOrdersForCredit(tx, memberId);
  if (waiting.length === 0) return;
  const db = tx as unknown as Db;
  const repository = createCreditRepository(db);
  const line = await repository.applyOf(memberId, tx);
  if (line?.status !== 'approved' || line.billingDay === null || line.suspendedAt) return;
  const [paid] = await tx
    .select({ n: count() })
    .from(creditOrder)
    .where(eq(creditOrder.memberId, memberId));
  if ((paid?.n ?? 0) > 0) return;

  let current = now;
  const clock = () => current;
  const sendIn = seedMessageSender(tx, clock);
  const messages = { sendIn, send: (draft: MessageDraft) => sendIn(tx, draft) };
  const ledger = createLedger(db);
  const lines = createCreditLineService({ db, repository, ledger, messages, now: clock });
  const bills = createCreditBills({
    db,
    repository,
    ledger,
    messages,
    verifyPaymentPassword: refused('payment password'),
    repayOnline: refused('online repayment'),
    // A bill this seed made in its own transaction has no online repayment under way.
    closeBillAttemptsIn: async () => 0,
    now: clock,
  });
  const payments = seedCreditPayments(tx, clock, {
    orders: seedPayableOrders(tx, clock),
    credit: {
      paidIn: (inner, order, amount, at) =>
        creditOrderPaidIn({ repository, line: lines }, inner, order, amount, at),
    },
  });
  const member = { id: memberId, mainMemberId: null };
  const { latest, previous } = lastBillingDays(chinaDayOf(now), line.billingDay);
  const at = (day: string, hour: number) => new Date(dayStart(day).getTime() + hour * HOUR_MS);
  /** When each role's orders are paid, in turn: before each bill, and since the last. */
  const times: Record<DemoCreditRole, Date[]> = {
    repaidBill: [at(addDays(previous, -9), 10), at(addDays(previous, -4), 15)],
    openBill: [at(addDays(previous, 6), 11), at(addDays(latest, -3), 16)],
    unbilled: [],
  };
  const payRole = async (role: DemoCreditRole) => {
    for (const [i, { order }] of waiting.filter((w) => w.role === role).entries()) {
      // Never before it could be paid (after its review), never after now.
      const earliest = order.createdAt.getTime() + 3 * HOUR_MS;
      const planned = times[role][i]?.getTime() ?? earliest;
      const paidAt = Math.min(Math.max(planned, earliest), now.getTime());
      current = new Date(paidAt);
      await payments.payIn(order, member);
      // Made and delivered in the week after (an order paid since is still being made).
      if (role !== 'unbilled') {
        const done = Math.min(paidAt + 7 * 24 * HOUR_MS, now.getTime() - HOUR_MS);
        await seedCompleteDemoOrder(tx, order.id, new Date(paidAt), new Date(done));
      }
    }
  };
  const billOn = async (day: string) => {
    current = at(day, 1);
    await bills.run(day, memberId);
  };

  await payRole('repaidBill');
  await billOn(previous);
  const first = await repository.currentBill(memberId, tx);
  if (first) {
    current = at(addDays(previous, 3), 20);
    const locked = await repository.lockBill(tx, first.id);
    await bills.repayFromBalanceIn(tx, locked!);
  }
  await payRole('openBill');
  await billOn(latest);
  await payRole('unbilled');
}

function refused(what: string): () => never {
  return () => {
    throw new Error(`the demo credit seed uses no ${what}`);
  };
}
