import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';
import { queriesDuring, type SentQuery } from './query-capture';
import { createStaff, sessionFor, staffCall } from './staff-support';

/**
 * The member's order list and status counts, and the desk's filtered list, are answered by
 * indexes (decision 0042; the bench seeds 1,000,000 orders). The queries are the ones the
 * endpoints really run, caught on their way to PostgreSQL and explained there, over 30,000
 * orders of 3,000 members.
 */
let t: TestApp;
let memberId: number;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  const m = await t.createMember({ mobile: uniqueMobile() });
  memberId = m.id;
  token = m.token;
  await t.database.pool.query(
    `INSERT INTO orders (order_no, kind, member_id, status, params, param_string, sheet_version,
       lines, total, build_days, weight_grams, courier, invoice, receiver, file_key, file_name,
       request_id, created_at, updated_at)
     SELECT 'X' || lpad(i::text, 12, '0'),
            (ARRAY['pcb','smt','stencil'])[1 + i % 3],
            CASE WHEN i % 100 = 0 THEN $1 ELSE 1000000 + i % 3000 END,
            (ARRAY['pendingReview','awaitingConfirmation','awaitingPayment','inProduction','shipped','completed','cancelled'])[1 + i % 7],
            '{}', '2层', 1, '[]', 1000, 4, 100, 'sf', 'none', '{}', 'k', 'f.zip',
            'r' || i, now() - (i || ' minutes')::interval, now()
     FROM generate_series(1, 30000) AS i`,
    [memberId],
  );
  await t.database.pool.query('ANALYZE orders');
});
afterAll(async () => t?.close());

interface PlanNode {
  'Node Type': string;
  'Parent Relationship'?: string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** The SQL an endpoint sends about `orders` (and the name it is prepared under), caught on the pool. */
function queriesOf(call: () => Promise<unknown>): Promise<SentQuery[]> {
  return queriesDuring(t.database.pool, /from "orders"/i, call);
}

async function plansOf(call: () => Promise<unknown>) {
  const queries = await queriesOf(call);
  expect(queries.length).toBeGreaterThan(0);
  return explain(queries);
}

/** Each query's plan, as PostgreSQL makes it with the values the endpoint sent. */
function explain(queries: { text: string; values: unknown[] }[]) {
  return Promise.all(
    queries.map(async (q) => {
      const { rows } = await t.database.pool.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
        `EXPLAIN (FORMAT JSON) ${q.text}`,
        q.values,
      );
      return { sql: q.text, nodes: nodesOf(rows[0]!['QUERY PLAN'][0]!.Plan) };
    }),
  );
}

function expectIndexed(plans: { sql: string; nodes: PlanNode[] }[], indexes: string[]) {
  for (const plan of plans) {
    const onOrders = plan.nodes.filter((n) => n['Relation Name'] === 'orders');
    expect(onOrders.length, plan.sql).toBeGreaterThan(0);
    expect(
      onOrders.map((n) => n['Node Type']),
      plan.sql,
    ).not.toContain('Seq Scan');
    const used = plan.nodes.map((n) => n['Index Name']).filter(Boolean);
    expect(
      used.some((name) => indexes.includes(name!)),
      `${plan.sql}\n${JSON.stringify(plan.nodes)}`,
    ).toBe(true);
  }
}

const MEMBER_INDEXES = ['orders_member_kind_status_idx', 'orders_member_kind_created_idx'];

describe('indexes answer', () => {
  it('the member’s list, all statuses and one', async () => {
    for (const body of [{}, { status: 'pendingReview' }, { status: 'all', page: 2, pageSize: 5 }]) {
      const plans = await plansOf(async () => {
        const res = await t.post<{ total: number }>('/api/Pcb/GetMemberPcbOrders', body, { token });
        expect(res.body.data.total).toBeGreaterThan(0);
      });
      expectIndexed(plans, MEMBER_INDEXES);
    }
  });

  it('the member’s status counts and latest order', async () => {
    for (const url of ['/api/Smt/GetMemberOrderStatusNum', '/api/Stencil/GetMemberLatestOrder']) {
      const plans = await plansOf(async () => {
        expect((await t.get(url, { token })).status).toBe(200);
      });
      expectIndexed(plans, MEMBER_INDEXES);
    }
  });

  it('the desk’s list by kind and status', async () => {
    const session = await sessionFor(t, (await createStaff(t, { roles: ['admin'] })).id);
    const plans = await plansOf(async () => {
      const res = await staffCall(t, session, 'GET', '/api/StaffOrder/List', {
        kind: 'pcb',
        status: 'inProduction',
      });
      expect(res.status).toBe(200);
    });
    expectIndexed(plans, ['orders_kind_status_idx', 'orders_status_idx']);
    expect(memberId).toBeGreaterThan(0);
  });

  it('the desk’s status counts (decision 0047), all kinds and one', async () => {
    // As at a factory: most orders are finished, the statuses with work hold a few percent
    // (the fixture spreads them evenly, where reading the whole table is the better plan).
    const { rows: moved } = await t.database.pool.query<{ id: number; status: string }>(
      `UPDATE orders o SET status = 'completed' FROM orders old
       WHERE o.id = old.id AND o.id % 20 <> 0
         AND o.status IN ('pendingReview','awaitingConfirmation','awaitingPayment','inProduction','shipped')
       RETURNING o.id, old.status`,
    );
    await t.database.pool.query('ANALYZE orders');
    try {
      const session = await sessionFor(t, (await createStaff(t, { roles: ['admin'] })).id);
      for (const query of [{}, { kind: 'smt' }]) {
        const plans = await plansOf(async () => {
          const res = await staffCall(t, session, 'GET', '/api/StaffOrder/GetStatusCounts', query);
          expect(res.status).toBe(200);
        });
        expectIndexed(plans, [
          'orders_kind_status_idx',
          'orders_status_idx',
          'orders_status_changed_idx',
          'orders_status_ship_date_idx',
        ]);
      }
    } finally {
      await t.database.pool.query(
        `UPDATE orders o SET status = m.status
         FROM unnest($1::int[], $2::text[]) AS m(id, status) WHERE o.id = m.id`,
        [moved.map((r) => r.id), moved.map((r) => r.status)],
      );
      await t.database.pool.query('ANALYZE orders');
    }
  });

  it('the lists read their own columns, never the order’s JSON, and the member’s are prepared', async () => {
    // What the bench measured (decision 0049): 20 whole rows are ~38 KB of JSON written out
    // and parsed back for nothing, and planning the member's queries cost more than running them.
    const json = /"(params|lines|receiver|contact|invoice_profile)"/;
    const memberCalls = [
      () => t.post('/api/Pcb/GetMemberPcbOrders', {}, { token }),
      () => t.post('/api/Smt/GetList', { status: 'completed' }, { token }),
      () => t.get('/api/Pcb/GetMemberOrderStatusNum', { token }),
      () => t.get('/api/Stencil/GetMemberLatestOrder', { token }),
    ];
    for (const call of memberCalls) {
      const queries = await queriesOf(async () => expect((await call()).status).toBe(200));
      expect(queries.length).toBeGreaterThan(0);
      for (const q of queries) {
        expect(q.text).not.toMatch(json);
        // Prepared under the member's statement names, and still answered by the member's
        // indexes once prepared.
        expect(q.name, q.text).toMatch(/^orders_member_/);
      }
      expectIndexed(await explain(queries), MEMBER_INDEXES);
    }
    const session = await sessionFor(t, (await createStaff(t, { roles: ['engineer'] })).id);
    const desk = await queriesOf(async () => {
      const res = await staffCall(t, session, 'GET', '/api/StaffOrder/List', { status: 'all' });
      expect(res.status).toBe(200);
    });
    expect(desk.length).toBeGreaterThan(0);
    for (const q of desk) expect(q.text).not.toMatch(json);
  });

  it('a page and its total are one statement; pages after the first read their ids from an index alone', async () => {
    // Decision 0049: one round trip for the page and its count; deep pages skip the earlier
    // orders in the index instead of reading each from the table.
    const session = await sessionFor(t, (await createStaff(t, { roles: ['admin'] })).id);
    const calls: [string, () => Promise<unknown>, string[]][] = [
      [
        'member, all, page 3',
        () => t.post('/api/Pcb/GetMemberPcbOrders', { page: 3, pageSize: 7 }, { token }),
        MEMBER_INDEXES,
      ],
      [
        'member, one status, page 2',
        () => t.post('/api/Smt/GetList', { status: 'completed', page: 2, pageSize: 3 }, { token }),
        MEMBER_INDEXES,
      ],
      [
        'desk, kind and status, page 4',
        () =>
          staffCall(t, session, 'GET', '/api/StaffOrder/List', {
            kind: 'pcb',
            status: 'completed',
            page: 4,
            pageSize: 20,
          }),
        ['orders_kind_status_idx'],
      ],
    ];
    for (const [what, call, indexes] of calls) {
      const plans = await plansOf(async () =>
        expect((await call()) as object).toMatchObject({ status: 200 }),
      );
      expect(plans.length, what).toBe(1);
      const keys = plans[0]!.nodes.filter((n) => indexes.includes(n['Index Name'] ?? ''));
      expect(
        keys.map((n) => n['Node Type']),
        `${what}\n${plans[0]!.sql}`,
      ).toContain('Index Only Scan');
      expect(
        plans[0]!.nodes.filter((n) => n['Relation Name'] === 'orders').map((n) => n['Node Type']),
        what,
      ).not.toContain('Seq Scan');
    }
    const first = await plansOf(() => t.post('/api/Pcb/GetMemberPcbOrders', {}, { token }));
    expect(first.length).toBe(1);
  });

  it('every page is the list’s own slice, with the exact total, and past the end the total still', async () => {
    const expected = async (kind: string, status: string | null) =>
      (
        await t.database.pool.query<{ id: number }>(
          `SELECT id FROM orders WHERE member_id = $1 AND kind = $2 AND deleted_at IS NULL
             AND ($3::text IS NULL OR status = $3) ORDER BY created_at DESC, id DESC`,
          [memberId, kind, status],
        )
      ).rows.map((r) => r.id);
    for (const [url, kind, status] of [
      ['/api/Pcb/GetMemberPcbOrders', 'pcb', null],
      ['/api/Stencil/GetList', 'stencil', 'shipped'],
    ] as const) {
      const ids = await expected(kind, status);
      expect(ids.length).toBeGreaterThan(8);
      const seen: number[] = [];
      for (let page = 1; page <= Math.ceil(ids.length / 4) + 1; page += 1) {
        const res = await t.post<{ items: { id: number }[]; total: number }>(
          url,
          { status: status ?? 'all', page, pageSize: 4 },
          { token },
        );
        expect(res.body.data.total, `${url} page ${page}`).toBe(ids.length);
        seen.push(...res.body.data.items.map((o) => o.id));
      }
      expect(seen).toEqual(ids);
    }
    const none = await t.post<{ items: unknown[]; total: number }>(
      '/api/Pcb/GetMemberPcbOrders',
      { status: 'awaitingConfirmation', page: 1 },
      { token: (await t.createMember({ mobile: uniqueMobile() })).token },
    );
    expect([none.body.data.items, none.body.data.total]).toEqual([[], 0]);
  });
});
