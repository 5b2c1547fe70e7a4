import { spawn } from 'node:child_process';
import path from 'node:path';
import type { TestApp } from './helper';

/**
 * The SIGKILL test's tools (payment-crash.test.ts, decision 0058): its seeded draws, the orders
 * it pays, and what it reads of the books and of the sandboxes (the outside world) at the end.
 */

/** mulberry32: a small seeded PRNG, so a run's choices can be drawn again (CRASH_SEED). */
export function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}
export type Rng = ReturnType<typeof prng>;
export const pick = <T>(rng: Rng, items: readonly T[]): T =>
  items[Math.floor(rng() * items.length)]!;

export const DRAIN_TIMEOUT_MS = 150_000;

/**
 * The jobs that must be done before the books are checked: the sandboxes' notifies and refund
 * settlements, and closing replaced payments at the provider. (A refund's job is done when no
 * refund is pending: a poll it queued for later then finds nothing to do.)
 */
const DRAINED_TASKS = [
  'alipaySandbox.notify',
  'wechatPaySandbox.notify',
  'wechatPaySandbox.settleRefund',
  'payment.close',
];

export function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export async function until(done: () => boolean, timeoutMs: number, what: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(what());
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * `count` more orders like `id` (same member, kind, parameters, price), each waiting for
 * payment with its own number and request id: every column copied but those.
 */
export async function copiesOf(t: TestApp, id: number, count: number): Promise<number[]> {
  const { rows: columns } = await t.database.pool.query<{ name: string }>(
    `SELECT column_name AS name FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = 'orders'
       AND column_name NOT IN ('id', 'order_no', 'request_id', 'request_digest')`,
  );
  const list = columns.map((c) => `"${c.name}"`).join(', ');
  const { rows } = await t.database.pool.query<{ id: number }>(
    `INSERT INTO orders (order_no, request_id, ${list})
     SELECT left(o.order_no, 1) || 'C' || lpad((o.id * 100 + g)::text, 10, '0'), gen_random_uuid()::text, ${list}
     FROM orders o CROSS JOIN generate_series(1, $2::int) g WHERE o.id = $1
     RETURNING id`,
    [id, count],
  );
  return rows.map((r) => r.id);
}

/** Waits until the payments' and the sandboxes' jobs are done and every provider payment is ours. */
export async function drain(t: TestApp): Promise<string[]> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  for (;;) {
    const { rows } = await t.database.pool.query<{ what: string }>(
      `SELECT 'job ' || task_identifier || coalesce(' locked by ' || locked_by, '') || ' (' || attempts || ' tries)' AS what
         FROM graphile_worker.jobs WHERE task_identifier = ANY($1)
       UNION ALL
       SELECT 'refund ' || out_refund_no || ' pending' FROM payment_refund WHERE status = 'pending'
       UNION ALL
       SELECT 'alipay ' || t.out_trade_no || ' paid, ours ' || coalesce(a.status, 'missing')
         FROM alipay_sandbox_trade t LEFT JOIN payment_attempt a ON a.out_trade_no = t.out_trade_no
         WHERE t.paid_at IS NOT NULL AND a.status IS DISTINCT FROM 'paid'
       UNION ALL
       SELECT 'wechat ' || t.out_trade_no || ' paid, ours ' || coalesce(a.status, 'missing')
         FROM wechat_pay_sandbox_trades t LEFT JOIN payment_attempt a ON a.out_trade_no = t.out_trade_no
         WHERE t.success_time IS NOT NULL AND a.status IS DISTINCT FROM 'paid'`,
      [DRAINED_TASKS],
    );
    if (rows.length === 0 || Date.now() > deadline) return rows.map((r) => r.what);
    await new Promise((r) => setTimeout(r, 500));
  }
}

export interface OrderMoneyFacts {
  id: number;
  status: string;
  total: number;
  /** order_payment rows (0 or 1: the order is its key) and whether refunded. */
  payments: number;
  method: string | null;
  refunded: boolean;
  /** The order's ledger account: its balance, its entries, what came into it. */
  account: number;
  entries: number;
  credits: number;
}

export async function ordersMoney(t: TestApp, ids: number[]): Promise<OrderMoneyFacts[]> {
  const { rows } = await t.database.pool.query<OrderMoneyFacts>(
    `SELECT o.id, o.status, o.total,
       count(DISTINCT p.order_id)::int AS payments, max(p.method) AS method,
       bool_or(p.refunded_at IS NOT NULL) IS TRUE AS refunded,
       coalesce(max(a.balance), 0)::int AS account,
       count(e.id)::int AS entries,
       coalesce(sum(e.amount) FILTER (WHERE e.amount > 0), 0)::int AS credits
     FROM orders o
     LEFT JOIN order_payment p ON p.order_id = o.id
     LEFT JOIN ledger_account a ON a.kind = 'order' AND a.order_id = o.id
     LEFT JOIN ledger_entry e ON e.account_id = a.id
     WHERE o.id = ANY($1) GROUP BY o.id ORDER BY o.id`,
    [ids],
  );
  return rows;
}

/** The member's balances as the sums of their ledger entries, and the member.balance mirror. */
export async function ledgerSums(t: TestApp, memberId: number) {
  const { rows } = await t.database.pool.query<{ kind: string; total: string }>(
    `SELECT a.kind, coalesce(sum(e.amount), 0)::text AS total FROM ledger_account a
     LEFT JOIN ledger_entry e ON e.account_id = a.id
     WHERE a.member_id = $1 AND a.kind IN ('memberBalance', 'memberGift', 'memberHold')
     GROUP BY a.kind`,
    [memberId],
  );
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.total ?? 0);
  const { rows: member } = await t.database.pool.query<{ balance: number }>(
    'SELECT balance FROM member WHERE id = $1',
    [memberId],
  );
  return {
    balances: {
      balance: of('memberBalance'),
      giftBalance: of('memberGift'),
      held: of('memberHold'),
    },
    mirror: member[0]!.balance,
  };
}

/** The member's money in orders and refunds under way, and what the sandboxes took and gave back. */
export async function outsideWorld(t: TestApp, memberId: number) {
  const { rows } = await t.database.pool.query<Record<string, string>>(
    `SELECT
       (SELECT coalesce(sum(a.balance), 0) FROM ledger_account a JOIN orders o ON o.id = a.order_id
         WHERE a.kind = 'order' AND o.member_id = $1)::text AS in_orders,
       (SELECT coalesce(sum(amount_fen), 0) FROM payment_refund
         WHERE member_id = $1 AND status = 'pending')::text AS refunds_pending,
       ((SELECT coalesce(sum(t.total_fen), 0) FROM alipay_sandbox_trade t
          JOIN payment_attempt p ON p.out_trade_no = t.out_trade_no AND p.channel = 'alipay'
          WHERE p.member_id = $1 AND t.paid_at IS NOT NULL)
        + (SELECT coalesce(sum(t.total), 0) FROM wechat_pay_sandbox_trades t
          JOIN payment_attempt p ON p.out_trade_no = t.out_trade_no AND p.channel = 'wechat'
          WHERE p.member_id = $1 AND t.success_time IS NOT NULL))::text AS provider_paid,
       ((SELECT coalesce(sum(r.refund_fen), 0) FROM alipay_sandbox_refund r
          JOIN alipay_sandbox_trade t ON t.trade_no = r.trade_no
          JOIN payment_attempt p ON p.out_trade_no = t.out_trade_no AND p.channel = 'alipay'
          WHERE p.member_id = $1)
        + (SELECT coalesce(sum(r.refund), 0) FROM wechat_pay_sandbox_refunds r
          JOIN payment_attempt p ON p.out_trade_no = r.out_trade_no AND p.channel = 'wechat'
          WHERE p.member_id = $1 AND r.status = 'SUCCESS'))::text AS provider_refunded`,
    [memberId],
  );
  const r = rows[0]!;
  return {
    inOrders: Number(r.in_orders),
    refundsPending: Number(r.refunds_pending),
    providerPaid: Number(r.provider_paid),
    providerRefunded: Number(r.provider_refunded),
  };
}

/** What happened, for the figure printed. */
export async function summary(t: TestApp, ids: number[]) {
  const { rows: orders } = await t.database.pool.query<{
    status: string;
    method: string | null;
    refunded: boolean;
    n: number;
  }>(
    `SELECT o.status, p.method, p.refunded_at IS NOT NULL AS refunded, count(*)::int AS n
     FROM orders o LEFT JOIN order_payment p ON p.order_id = o.id
     WHERE o.id = ANY($1) GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    [ids],
  );
  const { rows: attempts } = await t.database.pool.query<{
    purpose: string;
    status: string;
    settlement: string | null;
    n: number;
  }>(
    `SELECT purpose, status, settlement, count(*)::int AS n FROM payment_attempt
     WHERE member_id IN (SELECT member_id FROM orders WHERE id = ANY($1))
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    [ids],
  );
  const { rows: refunds } = await t.database.pool.query<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n FROM payment_refund
     WHERE member_id IN (SELECT member_id FROM orders WHERE id = ANY($1)) GROUP BY 1 ORDER BY 1`,
    [ids],
  );
  return {
    orders: orders
      .map(
        (o) =>
          `${o.status}${o.method ? ` (${o.method}${o.refunded ? ', refunded' : ''})` : ''} ${o.n}`,
      )
      .join(', '),
    providerPaid: attempts.filter((a) => a.status === 'paid').reduce((s, a) => s + a.n, 0),
    attempts: attempts
      .map((a) => `${a.purpose} ${a.status}${a.settlement ? `/${a.settlement}` : ''} ${a.n}`)
      .join(', '),
    refunds: refunds.map((r) => `${r.status} ${r.n}`).join(', ') || 'none',
  };
}

/** `npm run reconcile` beside the running server: the bundle's reconcile.js on its database. */
export function runReconcile(bundleDir: string, databaseUrl: string) {
  const { NODE_ENV: _nodeEnv, LOG_LEVEL: _logLevel, ...env } = process.env;
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(bundleDir, 'reconcile.js'), '--days=3650'], {
      env: { ...env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (output += c.toString('utf8')));
    child.once('error', reject);
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
