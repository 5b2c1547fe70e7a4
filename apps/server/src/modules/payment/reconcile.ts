import { sql } from 'drizzle-orm';
import type { Reconciliation } from '@pcb/contract';
import type { Db } from '../../db/client';
import type {
  PaymentChannel,
  PaymentProvider,
  ProviderRefund,
  ProviderTransaction,
} from '../../integrations/payment/payment-provider';
import type { Clock } from '../../lib/clock';

type Difference = Reconciliation['differences'][number];

const DAY_MS = 86_400_000;

/**
 * The reconciliation (`npm run reconcile`, `StaffLedger/GetReconciliation`; decision 0051):
 * every difference between what the books say and what they must say, and between our online
 * payments and what their providers answer. None in a healthy system. It reads the ledger's
 * tables and, for the cross-checks, the orders' and members' status and balance columns by
 * SQL: it is an audit of everything the money touches, not a part of any one flow.
 */
export function createReconciler(deps: {
  db: Db;
  payments: Partial<Record<PaymentChannel, PaymentProvider>>;
  now: Clock;
}) {
  const { db } = deps;
  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await db.execute<T>(query)).rows;

  async function books(): Promise<Difference[]> {
    const found: Difference[] = [];
    const add = (check: string, subject: string, detail: string) =>
      found.push({ check, subject, detail });

    for (const r of await rows<{ key: string; balance: string; total: string }>(sql`
      SELECT a.key, a.balance::text, coalesce(sum(e.amount), 0)::text AS total
      FROM ledger_account a LEFT JOIN ledger_entry e ON e.account_id = a.id
      GROUP BY a.id HAVING a.balance <> coalesce(sum(e.amount), 0)`)) {
      add('account', r.key, `余额 ${r.balance}，台账合计 ${r.total}`);
    }
    for (const r of await rows<{ id: string; total: string; n: string }>(sql`
      SELECT t.id::text, coalesce(sum(e.amount), 0)::text AS total, count(e.id)::text AS n
      FROM ledger_txn t LEFT JOIN ledger_entry e ON e.txn_id = t.id
      GROUP BY t.id HAVING coalesce(sum(e.amount), 0) <> 0 OR count(e.id) < 2`)) {
      add('transaction', `txn ${r.id}`, `${r.n} 条分录，合计 ${r.total}（应为 0）`);
    }
    for (const r of await rows<{ key: string; balance: string }>(sql`
      SELECT key, balance::text FROM ledger_account
      WHERE (kind IN ('memberBalance', 'memberGift', 'memberHold', 'order', 'refundPending') AND balance < 0)
         OR (kind IN ('providerClearing', 'bank', 'coupon') AND balance > 0)`)) {
      add('sign', r.key, `余额 ${r.balance} 的方向不对`);
    }
    // member.balance mirrors the balance account (what the member module's views read).
    for (const r of await rows<{ id: number; mirror: number; balance: string }>(sql`
      SELECT m.id, m.balance AS mirror, coalesce(a.balance, 0)::text AS balance
      FROM member m LEFT JOIN ledger_account a ON a.key = 'mb:' || m.id
      WHERE m.balance <> coalesce(a.balance, 0)`)) {
      add('memberMirror', `member ${r.id}`, `member.balance ${r.mirror}，余额账户 ${r.balance}`);
    }
    for (const r of await rows<{ member_id: number; balance: string; held: string }>(sql`
      SELECT coalesce(a.member_id, h.member_id) AS member_id, coalesce(a.balance, 0)::text AS balance,
        coalesce(h.held, 0)::text AS held
      FROM (SELECT member_id, balance FROM ledger_account WHERE kind = 'memberHold') a
      FULL JOIN (SELECT member_id, sum(balance_fen) AS held FROM payment_attempt
        WHERE hold = 'held' GROUP BY member_id) h ON h.member_id = a.member_id
      WHERE coalesce(a.balance, 0) <> coalesce(h.held, 0)`)) {
      add('hold', `member ${r.member_id}`, `冻结账户 ${r.balance}，进行中的支付冻结 ${r.held}`);
    }
    for (const r of await rows<{ order_id: number; balance: string; expected: string }>(sql`
      SELECT coalesce(a.order_id, p.order_id) AS order_id, coalesce(a.balance, 0)::text AS balance,
        (CASE WHEN p.order_id IS NOT NULL AND p.refunded_at IS NULL THEN p.total_fen ELSE 0 END)::text AS expected
      FROM (SELECT order_id, balance FROM ledger_account WHERE kind = 'order') a
      FULL JOIN order_payment p ON p.order_id = a.order_id
      WHERE coalesce(a.balance, 0) <> (CASE WHEN p.order_id IS NOT NULL AND p.refunded_at IS NULL THEN p.total_fen ELSE 0 END)`)) {
      add('order', `order ${r.order_id}`, `订单账户 ${r.balance}，应为 ${r.expected}`);
    }
    // Coupons (decision 0061): the coupon account is minus the deductions of the payments in
    // force, and each one is the coupon use kept for the order.
    for (const r of await rows<{ balance: string; expected: string }>(sql`
      SELECT coalesce((SELECT balance FROM ledger_account WHERE key = 'coupon'), 0)::text AS balance,
        (-coalesce((SELECT sum(coupon_fen) FROM order_payment WHERE refunded_at IS NULL), 0))::text AS expected
      WHERE coalesce((SELECT balance FROM ledger_account WHERE key = 'coupon'), 0)
        <> -coalesce((SELECT sum(coupon_fen) FROM order_payment WHERE refunded_at IS NULL), 0)`)) {
      add('coupon', 'coupon', `优惠券账户 ${r.balance}，应为 ${r.expected}`);
    }
    for (const r of await rows<{ order_id: number; paid: string; used: string }>(sql`
      SELECT coalesce(p.order_id, u.order_id) AS order_id, coalesce(p.coupon_fen, 0)::text AS paid,
        coalesce(u.amount_fen, 0)::text AS used
      FROM (SELECT order_id, coupon_fen FROM order_payment WHERE coupon_fen > 0 AND refunded_at IS NULL) p
      FULL JOIN (SELECT order_id, amount_fen FROM coupon_use WHERE returned_at IS NULL) u
        ON u.order_id = p.order_id
      WHERE coalesce(p.coupon_fen, 0) <> coalesce(u.amount_fen, 0)`)) {
      add(
        'couponUse',
        `order ${r.order_id}`,
        `付款的优惠券抵扣 ${r.paid}，优惠券使用记录 ${r.used}`,
      );
    }
    // A coupon held for an online payment (decision 0064) is held by an open attempt that names
    // it, and an open attempt with a coupon holds it.
    for (const r of await rows<{ subject: string; detail: string }>(sql`
      SELECT 'coupon ' || c.id AS subject, '被已结束的在线支付 ' || a.out_trade_no || ' 占用' AS detail
      FROM member_coupon c JOIN payment_attempt a ON a.id = c.held_attempt_id
      WHERE a.status <> 'open' OR a.coupon_id IS DISTINCT FROM c.id
      UNION ALL
      SELECT 'attempt ' || a.out_trade_no, '进行中的在线支付未占用其优惠券 ' || a.coupon_id
      FROM payment_attempt a
      WHERE a.status = 'open' AND a.coupon_id IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM member_coupon c WHERE c.id = a.coupon_id AND c.held_attempt_id = a.id)`)) {
      add('couponHold', r.subject, r.detail);
    }
    for (const r of await rows<{ id: number; order_no: string; status: string; paid: boolean }>(sql`
      SELECT o.id, o.order_no, o.status, p.order_id IS NOT NULL AND p.refunded_at IS NULL AS paid
      FROM orders o LEFT JOIN order_payment p ON p.order_id = o.id
      WHERE (o.status IN ('inProduction', 'shipped', 'completed') AND (p.order_id IS NULL OR p.refunded_at IS NOT NULL))
         OR (o.status NOT IN ('inProduction', 'shipped', 'completed') AND p.order_id IS NOT NULL AND p.refunded_at IS NULL)
         OR (p.total_fen IS NOT NULL AND p.refunded_at IS NULL AND p.total_fen <> o.total)`)) {
      add(
        'orderStatus',
        `order ${r.order_no}`,
        `状态 ${r.status}，${r.paid ? '有未退的付款' : '没有付款'}（或付款与应付不符）`,
      );
    }
    for (const r of await rows<{ channel: string; balance: string; pending: string }>(sql`
      SELECT a.channel, a.balance::text, coalesce(sum(r.amount_fen) FILTER (WHERE r.status = 'pending'), 0)::text AS pending
      FROM ledger_account a LEFT JOIN payment_refund r ON r.channel = a.channel
      WHERE a.kind = 'refundPending' GROUP BY a.id
      HAVING a.balance <> coalesce(sum(r.amount_fen) FILTER (WHERE r.status = 'pending'), 0)`)) {
      add('refundPending', r.channel, `待退账户 ${r.balance}，处理中的退款 ${r.pending}`);
    }
    for (const r of await rows<{ out_trade_no: string; problem: string }>(sql`
      SELECT a.out_trade_no, 'paid without its receipt' AS problem FROM payment_attempt a
      WHERE a.status = 'paid'
        AND NOT EXISTS (SELECT 1 FROM ledger_txn t WHERE t.ref = 'receipt:' || a.channel || ':' || a.out_trade_no)
      UNION ALL
      SELECT substr(t.ref, length('receipt:') + 1), 'a receipt without its paid payment' FROM ledger_txn t
      WHERE t.ref LIKE 'receipt:%' AND NOT EXISTS (
        SELECT 1 FROM payment_attempt a
        WHERE t.ref = 'receipt:' || a.channel || ':' || a.out_trade_no AND a.status = 'paid')`)) {
      add(
        'receipt',
        r.out_trade_no,
        r.problem === 'paid without its receipt'
          ? '已付款但台账无收款'
          : '台账有收款但支付单未付款',
      );
    }
    // Bank transfers (decision 0055): a credited transfer and its ledger transaction agree, and
    // no bank line both paid an order and went to a balance.
    for (const r of await rows<{ subject: string; detail: string }>(sql`
      SELECT 'transfer ' || b.id AS subject, '已入账但台账没有这笔入账' AS detail FROM bank_transfer b
      WHERE b.state = 'credited' AND NOT EXISTS (
        SELECT 1 FROM ledger_txn t JOIN ledger_entry e ON e.txn_id = t.id
        JOIN ledger_account a ON a.id = e.account_id
        WHERE t.ref = 'bankTransfer:' || b.id AND a.key = 'mb:' || b.member_id AND e.amount = b.amount)
      UNION ALL
      SELECT t.ref, '台账有入账但转账记录未入账' FROM ledger_txn t
      WHERE t.ref LIKE 'bankTransfer:%' AND NOT EXISTS (
        SELECT 1 FROM bank_transfer b WHERE t.ref = 'bankTransfer:' || b.id AND b.state = 'credited')
      UNION ALL
      SELECT 'transfer ' || b.id, '流水号 ' || b.bank_reference || ' 也登记为订单的线下付款'
      FROM bank_transfer b JOIN order_offline_payment p ON p.bank_reference = b.bank_reference
      WHERE b.state = 'credited'
      UNION ALL
      SELECT 'reference ' || bank_reference, '流水号在' || count(*)::text || '个收款账号下都已入账'
      FROM bank_transfer WHERE state = 'credited' GROUP BY bank_reference HAVING count(*) > 1`)) {
      add('bankTransfer', r.subject, r.detail);
    }
    return found;
  }

  const sameTransaction = (
    ours: { status: string; onlineFen: number; providerTradeNo: string | null; refunded: boolean },
    theirs: ProviderTransaction | null,
  ): string | null => {
    const paid = theirs?.status === 'paid';
    // Alipay closes a trade refunded in full (TRADE_CLOSED) and still names its payment: paid,
    // then refunded — as our books say when we refunded it (the refund is checked below).
    const paidThenClosed = theirs?.status === 'closed' && theirs.paidAt !== null;
    if (ours.status === 'paid') {
      if (paidThenClosed && !ours.refunded) return '支付机构已全额退款（交易关闭），我方无退款';
      if (!paid && !paidThenClosed) return `我方已付款，支付机构为 ${theirs?.status ?? '无此单'}`;
      if (theirs.amountFen !== ours.onlineFen)
        return `金额不符：我方 ${ours.onlineFen}，支付机构 ${theirs.amountFen}`;
      if (theirs.providerTradeNo !== ours.providerTradeNo)
        return `交易号不符：我方 ${ours.providerTradeNo}，支付机构 ${theirs.providerTradeNo}`;
      return null;
    }
    if (paid || paidThenClosed) return `支付机构已付款，我方为 ${ours.status}（未入账）`;
    return null;
  };

  const sameRefund = (ours: { status: string }, theirs: ProviderRefund | null): string | null => {
    const expected: Record<string, string> = { success: 'success', failed: 'failed' };
    const theirStatus = theirs?.status ?? null;
    if (ours.status === 'pending') {
      return theirStatus === 'success' || theirStatus === 'failed'
        ? `支付机构退款为 ${theirStatus}，我方仍在处理`
        : null;
    }
    return theirStatus === expected[ours.status]
      ? null
      : `我方退款为 ${ours.status}，支付机构为 ${theirStatus ?? '无此退款'}`;
  };

  async function providers(days: number): Promise<{ found: Difference[]; checks: number }> {
    const found: Difference[] = [];
    let checks = 0;
    const since = new Date(deps.now().getTime() - days * DAY_MS);
    const attempts = await rows<{
      channel: PaymentChannel;
      out_trade_no: string;
      status: string;
      online_fen: number;
      provider_trade_no: string | null;
      refunded: boolean;
    }>(sql`
      SELECT a.channel, a.out_trade_no, a.status, a.online_fen, a.provider_trade_no,
        EXISTS (SELECT 1 FROM payment_refund r WHERE r.attempt_id = a.id AND r.status <> 'failed') AS refunded
      FROM payment_attempt a
      WHERE a.created_at >= ${since} OR a.status = 'open' ORDER BY a.id`);
    for (const a of attempts) {
      const provider = deps.payments[a.channel];
      if (!provider) {
        found.push({
          check: 'provider',
          subject: `${a.channel} ${a.out_trade_no}`,
          detail: '未配置该支付机构，无法核对',
        });
        continue;
      }
      checks++;
      try {
        const problem = sameTransaction(
          {
            status: a.status,
            onlineFen: a.online_fen,
            providerTradeNo: a.provider_trade_no,
            refunded: a.refunded,
          },
          await provider.query(a.out_trade_no),
        );
        if (problem)
          found.push({
            check: 'provider',
            subject: `${a.channel} ${a.out_trade_no}`,
            detail: problem,
          });
      } catch (error) {
        found.push({
          check: 'provider',
          subject: `${a.channel} ${a.out_trade_no}`,
          detail: `查询失败：${String(error)}`,
        });
      }
    }
    const refunds = await rows<{
      channel: PaymentChannel;
      out_trade_no: string;
      out_refund_no: string;
      status: string;
    }>(sql`
      SELECT channel, out_trade_no, out_refund_no, status FROM payment_refund
      WHERE created_at >= ${since} OR status = 'pending' ORDER BY id`);
    for (const r of refunds) {
      const provider = deps.payments[r.channel];
      if (!provider) continue;
      checks++;
      try {
        const problem = sameRefund(r, await provider.queryRefund(r.out_trade_no, r.out_refund_no));
        if (problem)
          found.push({
            check: 'providerRefund',
            subject: `${r.channel} ${r.out_refund_no}`,
            detail: problem,
          });
      } catch (error) {
        found.push({
          check: 'providerRefund',
          subject: `${r.channel} ${r.out_refund_no}`,
          detail: `查询失败：${String(error)}`,
        });
      }
    }
    return { found, checks };
  }

  return {
    /** Every difference; the providers are asked about the last `providerDays` days' payments. */
    async run(options: { providerDays?: number } = {}): Promise<Reconciliation> {
      const own = await books();
      const { found, checks } = await providers(options.providerDays ?? 3);
      return {
        differences: [...own, ...found],
        providerChecks: checks,
        checkedAt: deps.now().toISOString(),
      };
    },
  };
}

export type Reconciler = ReturnType<typeof createReconciler>;
