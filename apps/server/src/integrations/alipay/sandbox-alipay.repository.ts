import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { alipaySandboxRefund, alipaySandboxTrade } from './sandbox-alipay.table';

export type SandboxTrade = typeof alipaySandboxTrade.$inferSelect;
export type SandboxRefund = typeof alipaySandboxRefund.$inferSelect;
export type NewSandboxTrade = typeof alipaySandboxTrade.$inferInsert;

const byOutTradeNo = (appId: string, outTradeNo: string) =>
  and(eq(alipaySandboxTrade.appId, appId), eq(alipaySandboxTrade.outTradeNo, outTradeNo));

export async function findTrade(
  db: Executor,
  appId: string,
  outTradeNo: string,
): Promise<SandboxTrade | null> {
  const [row] = await db.select().from(alipaySandboxTrade).where(byOutTradeNo(appId, outTradeNo));
  return row ?? null;
}

export async function findTradeByNo(db: Db, tradeNo: string): Promise<SandboxTrade | null> {
  const [row] = await db
    .select()
    .from(alipaySandboxTrade)
    .where(eq(alipaySandboxTrade.tradeNo, tradeNo));
  return row ?? null;
}

/** The new trade, or the one a concurrent request made first under the same out_trade_no. */
export async function createTrade(db: Db, trade: NewSandboxTrade): Promise<SandboxTrade> {
  const [created] = await db
    .insert(alipaySandboxTrade)
    .values(trade)
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const existing = await findTrade(db, trade.appId, trade.outTradeNo);
  if (!existing) throw new Error('Alipay sandbox: trade neither created nor found');
  return existing;
}

/** An unpaid trade past its time_expire is closed, as Alipay closes it; null if it was not. */
export async function closeIfExpired(db: Db, tradeNo: string, now: Date) {
  const [closed] = await db
    .update(alipaySandboxTrade)
    .set({ status: 'TRADE_CLOSED', closedAt: now })
    .where(
      and(
        eq(alipaySandboxTrade.tradeNo, tradeNo),
        eq(alipaySandboxTrade.status, 'WAIT_BUYER_PAY'),
        lte(alipaySandboxTrade.expiresAt, now),
      ),
    )
    .returning();
  return closed ?? null;
}

/** Unpaid and not expired → paid; null when it was not (already paid, closed, expired). */
export async function markPaid(tx: Executor, tradeNo: string, now: Date) {
  const [paid] = await tx
    .update(alipaySandboxTrade)
    .set({ status: 'TRADE_SUCCESS', paidAt: now })
    .where(
      and(
        eq(alipaySandboxTrade.tradeNo, tradeNo),
        eq(alipaySandboxTrade.status, 'WAIT_BUYER_PAY'),
        or(isNull(alipaySandboxTrade.expiresAt), gt(alipaySandboxTrade.expiresAt, now)),
      ),
    )
    .returning();
  return paid ?? null;
}

/** Unpaid → closed; null when it was not unpaid. */
export async function closeUnpaid(tx: Executor, tradeNo: string, now: Date) {
  const [closed] = await tx
    .update(alipaySandboxTrade)
    .set({ status: 'TRADE_CLOSED', closedAt: now })
    .where(
      and(eq(alipaySandboxTrade.tradeNo, tradeNo), eq(alipaySandboxTrade.status, 'WAIT_BUYER_PAY')),
    )
    .returning();
  return closed ?? null;
}

export async function findRefund(db: Executor, tradeNo: string, outRequestNo: string) {
  const [row] = await db
    .select()
    .from(alipaySandboxRefund)
    .where(
      and(
        eq(alipaySandboxRefund.tradeNo, tradeNo),
        eq(alipaySandboxRefund.outRequestNo, outRequestNo),
      ),
    );
  return row ?? null;
}

export type RefundOutcome =
  | { kind: 'no-trade' }
  | { kind: 'not-paid'; trade: SandboxTrade }
  | { kind: 'repeat'; trade: SandboxTrade; refund: SandboxRefund }
  | { kind: 'discordant'; trade: SandboxTrade }
  | { kind: 'over-amount'; trade: SandboxTrade }
  | { kind: 'refunded'; trade: SandboxTrade; refund: SandboxRefund };

/**
 * One refund request, in one transaction with the trade row locked: the same out_request_no
 * again is answered from the first (Alipay's idempotence), never more than was paid, and a
 * trade refunded in full is closed. `then` runs in the same transaction after a new refund.
 */
export async function refundTrade(
  db: Db,
  request: {
    appId: string;
    outTradeNo: string;
    outRequestNo: string;
    refundFen: number;
    reason: string | null;
    now: Date;
  },
  then: (tx: Tx, trade: SandboxTrade, refund: SandboxRefund) => Promise<void>,
): Promise<RefundOutcome> {
  return db.transaction(async (tx) => {
    const [trade] = await tx
      .select()
      .from(alipaySandboxTrade)
      .where(byOutTradeNo(request.appId, request.outTradeNo))
      .for('update');
    if (!trade) return { kind: 'no-trade' };
    const earlier = await findRefund(tx, trade.tradeNo, request.outRequestNo);
    if (earlier) {
      return earlier.refundFen === request.refundFen
        ? { kind: 'repeat', trade, refund: earlier }
        : { kind: 'discordant', trade };
    }
    if (trade.paidAt === null || trade.status === 'WAIT_BUYER_PAY')
      return { kind: 'not-paid', trade };
    if (trade.status === 'TRADE_CLOSED') return { kind: 'not-paid', trade };
    if (trade.refundedFen + request.refundFen > trade.totalFen)
      return { kind: 'over-amount', trade };
    const [refund] = await tx
      .insert(alipaySandboxRefund)
      .values({
        tradeNo: trade.tradeNo,
        outRequestNo: request.outRequestNo,
        refundFen: request.refundFen,
        reason: request.reason,
        createdAt: request.now,
      })
      .returning();
    const [updated] = await tx
      .update(alipaySandboxTrade)
      .set({
        refundedFen: sql`${alipaySandboxTrade.refundedFen} + ${request.refundFen}`,
        status: sql`CASE WHEN ${alipaySandboxTrade.refundedFen} + ${request.refundFen} = ${alipaySandboxTrade.totalFen} THEN 'TRADE_CLOSED' ELSE ${alipaySandboxTrade.status} END`,
        closedAt: sql`CASE WHEN ${alipaySandboxTrade.refundedFen} + ${request.refundFen} = ${alipaySandboxTrade.totalFen} THEN ${request.now.toISOString()}::timestamptz ELSE ${alipaySandboxTrade.closedAt} END`,
      })
      .where(eq(alipaySandboxTrade.tradeNo, trade.tradeNo))
      .returning();
    if (!refund || !updated) throw new Error('Alipay sandbox: refund not written');
    await then(tx, updated, refund);
    return { kind: 'refunded', trade: updated, refund };
  });
}
