import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';
import { queriesDuring } from './query-capture';

/**
 * The member's money log (`MemberAdvancePayment/GetLogs`) is read from its index alone: the
 * count of the member's transactions by kind, and the keys of a deep page (decision 0058: over
 * the bench's 1,000,000 transactions, a distributor's 1,876 were counted in 7 ms from the
 * table). The queries are the ones the endpoint really sends, caught on the pool and explained
 * with the other ways of reading the table turned off: an index-only scan is possible only
 * when the index holds every column they read.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  const member = await t.createMember({ mobile: uniqueMobile() });
  token = member.token;
  const client = await t.database.pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO ledger_account (key, kind, member_id) VALUES
         ('mb:' || $1::int, 'memberBalance', $1::int), ('mg:' || $1::int, 'memberGift', $1::int),
         ('mh:' || $1::int, 'memberHold', $1::int)`,
      [member.id],
    );
    await client.query(
      `INSERT INTO ledger_account (key, kind) VALUES ('adjustment', 'adjustment')
       ON CONFLICT (key) DO NOTHING`,
    );
    // 300 adjustments, as finance credits a balance: through the ledger's own triggers.
    await client.query(
      `INSERT INTO ledger_txn (kind, ref, member_id, note, created_at)
       SELECT 'adjustment', 'adjust:log-test-' || i, $1, '测试', now() - (i || ' hours')::interval
       FROM generate_series(1, 300) AS i`,
      [member.id],
    );
    await client.query(
      `INSERT INTO ledger_entry (txn_id, account_id, amount, created_at)
       SELECT t.id, a.id, CASE WHEN a.key = 'adjustment' THEN -100 ELSE 100 END, t.created_at
       FROM ledger_txn t CROSS JOIN ledger_account a
       WHERE t.ref LIKE 'adjust:log-test-%' AND a.key IN ('adjustment', 'mb:' || $1::int)
       ORDER BY t.id, a.id`,
      [member.id],
    );
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  await t.database.pool.query('VACUUM ANALYZE ledger_txn');
});
afterAll(async () => t?.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** The statements a call sends about `ledger_txn`, each explained as described above. */
async function plansOf(call: () => Promise<unknown>) {
  const caught = await queriesDuring(t.database.pool, /from "ledger_txn"/i, call);
  expect(caught.length).toBeGreaterThan(0);
  const client = await t.database.pool.connect();
  try {
    await client.query('SET enable_seqscan = off');
    await client.query('SET enable_bitmapscan = off');
    // The log's statements are prepared (decision 0058): after five runs PostgreSQL may keep
    // one plan for every member and filter, made without the values. That plan is checked.
    await client.query('SET plan_cache_mode = force_generic_plan');
    const plans: PlanNode[][] = [];
    for (const [i, q] of caught.entries()) {
      await client.query(`PREPARE log_plan_${i} AS ${q.text}`);
      // EXECUTE takes no bound parameters: the values as literals.
      const args = q.values.map((v) =>
        typeof v === 'number'
          ? String(v)
          : client.escapeLiteral(Array.isArray(v) ? `{${v.join(',')}}` : String(v)),
      );
      const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        `EXPLAIN (FORMAT JSON) EXECUTE log_plan_${i}(${args.join(', ')})`,
      );
      await client.query(`DEALLOCATE log_plan_${i}`);
      plans.push(nodesOf(rows[0]!['QUERY PLAN'][0]!.Plan));
    }
    return plans;
  } finally {
    await client.query('RESET ALL');
    client.release();
  }
}

const onLog = (nodes: PlanNode[]) =>
  nodes.filter((n) => n['Index Name'] === 'ledger_txn_member_log_idx');

describe('the money log is read from its index', () => {
  it('page 1: the count is an index-only scan', async () => {
    const plans = await plansOf(async () => {
      const res = await t.get<{ total: number }>('/api/MemberAdvancePayment/GetLogs', {
        token,
        query: { page: '1', pageSize: '20' },
      });
      expect(res.body.data.total).toBe(300);
    });
    const nodes = plans.flat();
    expect(onLog(nodes).map((n) => n['Node Type'])).toContain('Index Only Scan');
    expect(nodes.map((n) => n['Node Type'])).not.toContain('Seq Scan');
  });

  it('a deep page: its keys and its count from the index alone', async () => {
    const plans = await plansOf(async () => {
      const res = await t.get<{ items: unknown[] }>('/api/MemberAdvancePayment/GetLogs', {
        token,
        query: { page: '12', pageSize: '20', type: 'adjustment' },
      });
      expect(res.body.data.items).toHaveLength(20);
    });
    const scans = onLog(plans.flat()).map((n) => n['Node Type']);
    expect(scans.filter((s) => s === 'Index Only Scan').length).toBeGreaterThanOrEqual(2);
  });

  it('a page is one statement: its entries and its count ride with its rows', async () => {
    const caught = await queriesDuring(t.database.pool, /ledger_(txn|entry|account)/i, async () => {
      const res = await t.get<{
        items: { type: string; direction: string; amount: number; parts: unknown[] }[];
      }>('/api/MemberAdvancePayment/GetLogs', { token, query: { page: '2', pageSize: '20' } });
      expect(res.body.data.items).toHaveLength(20);
      expect(res.body.data.items[0]).toMatchObject({
        type: 'adjustment',
        direction: 'in',
        amount: 100,
        parts: [{ name: '余额', amount: 100 }],
      });
    });
    // Prepared once per connection: planning it each time cost more than running it.
    expect(caught).toHaveLength(1);
    expect(caught[0]!.name).toBe('ledger_member_log_deep_page');
  });

  it('a page past the end is empty and still counts the log', async () => {
    const res = await t.get<{ items: unknown[]; total: number }>(
      '/api/MemberAdvancePayment/GetLogs',
      { token, query: { page: '100', pageSize: '20' } },
    );
    expect(res.body.data).toMatchObject({ items: [], total: 300, page: 100 });
  });
});
