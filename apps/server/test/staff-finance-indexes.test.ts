import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffFinance } from '@pcb/contract/staff-finance';
import { StaffOrder } from '@pcb/contract/staff-order';
import { call } from './call';
import { buildTestApp, type TestApp } from './helper';
import { queriesDuring } from './query-capture';
import { createStaff, sessionFor, type StaffSessionForTest } from './staff-support';

/**
 * Finance's lists and the home's counts are answered by indexes (decision 0054): the queries
 * the endpoints really send, caught on their way to PostgreSQL and explained there, over 30,000
 * online payments, 30,000 orders paid otherwise and 10,000 refunds of 3,000 members.
 */
let t: TestApp;
let finance: StaffSessionForTest;
const MEMBER = 1_000_042;

beforeAll(async () => {
  t = await buildTestApp();
  finance = await sessionFor(t, (await createStaff(t, { roles: ['finance'] })).id);
  const sql = (text: string) => t.database.pool.query(text);
  // As at a factory: nearly every online payment is settled; a few wait on the provider.
  await sql(`INSERT INTO payment_attempt (out_trade_no, purpose, member_id, payer_member_id, channel,
      scene, online_fen, status, settlement, provider_trade_no, paid_at, close_reason, expires_at,
      created_at, updated_at)
    SELECT 'T' || i, 'recharge', 1000000 + i % 3000, 1000000 + i % 3000,
      (ARRAY['alipay','wechat'])[1 + i % 2], 'h5', 100 + i,
      s, CASE WHEN s = 'paid' THEN 'applied' END, CASE WHEN s = 'paid' THEN 'W' || i END,
      CASE WHEN s = 'paid' THEN now() - (i || ' minutes')::interval END,
      CASE WHEN s = 'closed' THEN 'expired' END,
      now() - (i || ' minutes')::interval + interval '30 minutes',
      now() - (i || ' minutes')::interval, now()
    FROM generate_series(1, 30000) AS i,
      LATERAL (SELECT CASE WHEN i % 200 = 0 THEN 'open' WHEN i % 5 = 0 THEN 'closed' ELSE 'paid' END AS s) x`);
  // Orders paid online too: those are listed as their online payment, not from here.
  await sql(`INSERT INTO order_payment (order_id, member_id, method, total_fen, balance_fen, gift_fen,
      offline_fen, online_fen, channel, attempt_id, paid_at, refunded_at)
    SELECT 5000000 + i, 1000000 + i % 3000, m, 100, CASE WHEN m = 'balance' THEN 100 ELSE 0 END,
      CASE WHEN m = 'gift' THEN 100 ELSE 0 END, CASE WHEN m = 'offline' THEN 100 ELSE 0 END,
      CASE WHEN m = 'online' THEN 100 ELSE 0 END, CASE WHEN m = 'online' THEN 'alipay' END,
      CASE WHEN m = 'online' THEN 8000000 + i END,
      now() - (i || ' minutes')::interval,
      CASE WHEN i % 50 = 0 THEN now() - (i || ' minutes')::interval + interval '1 hour' END
    FROM generate_series(1, 30000) AS i,
      LATERAL (SELECT (ARRAY['balance','gift','offline','online','online','online'])[1 + i % 6] AS m) x`);
  await sql(`INSERT INTO payment_refund (out_refund_no, attempt_id, order_id, member_id, channel,
      out_trade_no, amount_fen, total_fen, reason, status, settled_at, created_at)
    SELECT 'R' || i, 9000000 + i, 5000000 + i, 1000000 + i % 3000, (ARRAY['alipay','wechat'])[1 + i % 2],
      'T' || i, 100, 100, '订单取消退款', s, CASE WHEN s <> 'pending' THEN now() END,
      now() - (i || ' minutes')::interval
    FROM generate_series(1, 10000) AS i,
      LATERAL (SELECT CASE WHEN i % 100 = 0 THEN 'pending' WHEN i % 37 = 0 THEN 'failed' ELSE 'success' END AS s) x`);
  await sql('VACUUM ANALYZE payment_attempt, order_payment, payment_refund');
});
afterAll(async () => t?.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

/**
 * The plan's nodes, without the count of a whole table (an unfiltered list's total): reading
 * every row is what that count is, whichever way PostgreSQL chooses to.
 */
const nodesOf = (node: PlanNode): PlanNode[] => {
  const wholeCount =
    node['Node Type'] === 'Aggregate' &&
    node.Plans?.length === 1 &&
    node.Plans[0]!['Node Type'] === 'Seq Scan' &&
    node.Plans[0]!.Filter === undefined;
  return wholeCount ? [node] : [node, ...(node.Plans ?? []).flatMap(nodesOf)];
};
const TABLES = /"?(payment_attempt|order_payment|payment_refund)"?/;

/** Each query the endpoint sent about the money's tables, explained with its values. */
async function plansOf(send: () => Promise<{ status: number }>) {
  const caught = await queriesDuring(t.database.pool, TABLES, async () => {
    expect((await send()).status).toBe(200);
  });
  expect(caught.length).toBeGreaterThan(0);
  return Promise.all(
    caught.map(async (q) => {
      const { rows } = await t.database.pool.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        `EXPLAIN (FORMAT JSON) ${q.text}`,
        q.values,
      );
      return { sql: q.text, nodes: nodesOf(rows[0]!['QUERY PLAN'][0]!.Plan) };
    }),
  );
}

/** No query reads a whole money table row by row. */
function expectNoSeqScan(plans: { sql: string; nodes: PlanNode[] }[]) {
  for (const plan of plans) {
    const scans = plan.nodes.filter((n) => TABLES.test(n['Relation Name'] ?? ''));
    expect(
      scans.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']),
      `${plan.sql}\n${JSON.stringify(plan.nodes.map((n) => [n['Node Type'], n['Relation Name'], n['Index Name']]))}`,
    ).toEqual([]);
  }
}

describe('indexes answer finance', () => {
  it('the payments list: newest first, a deep page, one member, what waits on a provider', async () => {
    for (const input of [
      {},
      { page: 40, pageSize: 20 },
      { memberId: MEMBER },
      { memberId: MEMBER, method: 'alipay' as const },
      { state: 'pending' as const },
    ]) {
      const plans = await plansOf(() =>
        call(t, StaffFinance.ListPayments, input, { staff: finance }),
      );
      // Unfiltered, the total is every row's count: only the page must come from an index.
      const filtered = Object.keys(input).some((k) => k !== 'page' && k !== 'pageSize');
      expectNoSeqScan(filtered ? plans : plans.filter((p) => /\blimit\b/i.test(p.sql)));
    }
  });

  it('the refunds list: newest first, one member, the pending ones', async () => {
    for (const input of [{}, { memberId: MEMBER }, { state: 'pending' as const }]) {
      const plans = await plansOf(() =>
        call(t, StaffFinance.ListRefunds, input, { staff: finance }),
      );
      expectNoSeqScan(plans);
    }
  });

  it('the home’s finance counts', async () => {
    const plans = await plansOf(async () => {
      const res = await call(t, StaffOrder.GetWorkQueue, {}, { staff: finance });
      expect(res.body.data.finance.map((q) => q.count)).toEqual([100, 150]);
      return res;
    });
    expectNoSeqScan(plans);
  });
});
