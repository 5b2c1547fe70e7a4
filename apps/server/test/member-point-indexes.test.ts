import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemberPointHistory } from '@pcb/contract/member-point';
import { call } from './call';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';
import { queriesDuring } from './query-capture';

/**
 * The points screens' reads are answered by indexes (decision 0073; the bench holds a member
 * with 100,000 history rows): the queries the endpoints really send, caught on the pool and
 * explained there, over 30,000 entries (10,000 of the member's) and 6,000 lots.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  const m = await t.createMember({ mobile: uniqueMobile() });
  token = m.token;
  await t.database.pool.query(
    `INSERT INTO point_entry (member_id, delta, kind, note, balance_after, created_at)
     SELECT CASE WHEN i % 3 = 0 THEN $1 ELSE 1000000 + i % 300 END, 3, 'signIn', '', 3 * i,
            now() - (i || ' minutes')::interval
     FROM generate_series(1, 30000) AS i`,
    [m.id],
  );
  await t.database.pool.query(
    `INSERT INTO point_lot (member_id, expires_at, earned, remaining)
     SELECT 1000000 + i % 3000, '2027-01-01T00:00:00+08:00'::timestamptz + (i / 3000) * interval '1 year', 10, 10
     FROM generate_series(1, 6000) AS i`,
  );
  await t.database.pool.query('ANALYZE point_entry');
  await t.database.pool.query('ANALYZE point_lot');
});
afterAll(async () => t?.close());

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

async function expectIndexed(table: string, run: () => Promise<unknown>, indexes: string[]) {
  const queries = await queriesDuring(t.database.pool, new RegExp(`from "${table}"`, 'i'), run);
  expect(queries.length).toBeGreaterThan(0);
  for (const q of queries) {
    const { rows } = await t.database.pool.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
      `EXPLAIN (FORMAT JSON) ${q.text}`,
      q.values,
    );
    const nodes = nodesOf(rows[0]!['QUERY PLAN'][0]!.Plan);
    const on = nodes.filter((n) => n['Relation Name'] === table);
    expect(
      on.map((n) => n['Node Type']),
      q.text,
    ).not.toContain('Seq Scan');
    const used = nodes.map((n) => n['Index Name']).filter(Boolean);
    expect(
      used.some((name) => indexes.includes(name!)),
      q.text,
    ).toBe(true);
  }
}

describe('points reads use their indexes', () => {
  it('the history, first and deep pages', async () => {
    for (const page of [1, 200]) {
      await expectIndexed(
        'point_entry',
        async () => {
          const res = await call(t, MemberPointHistory.GetList, { page, pageSize: 20 }, { token });
          expect(res.status).toBe(200);
        },
        ['point_entry_member_idx'],
      );
    }
  });

  it('the period sums', async () => {
    await expectIndexed(
      'point_entry',
      () => call(t, MemberPointHistory.GetEarnedPoints, {}, { token }),
      ['point_entry_member_time_idx', 'point_entry_member_idx'],
    );
  });

  it('the expiring-soon figure and the expiry job’s look for due lots', async () => {
    await expectIndexed('point_lot', () => call(t, MemberPointHistory.GetSummary, {}, { token }), [
      'point_lot_pkey',
      'point_lot_member_id_expires_at_pk',
    ]);
    await expectIndexed(
      'point_lot',
      () => t.app.modules.memberPoint.expireDue(new Date('2026-12-31T00:00:00+08:00')),
      ['point_lot_due_idx'],
    );
  });
});
