import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_COUNT_UP_TO } from '../src/modules/order/order.repository';
import { buildTestApp, type TestApp } from './helper';
import { newMember, orderIn, staffSessions, type StaffSessions } from './order-lifecycle-support';
import { staffCall } from './staff-support';

/**
 * The desk counts a filter's orders up to DESK_COUNT_UP_TO (decision 0070): past it the list
 * answers that number with `moreThanTotal`, every page still has its rows, and a filter that
 * finds fewer is counted exactly.
 */
let t: TestApp;
let staff: StaffSessions;
let orderNo: string;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffSessions(t);
  const m = await newMember(t);
  const order = await orderIn(t, staff, m, 'completed', { kind: 'pcb' });
  orderNo = order.orderNo;
  // The cap and one more, copies of that order with numbers of their own (every column copied).
  // The record is built once per copy in FROM: `(f(…)).*` in the select list would call f once
  // per column (over a minute on an external PostgreSQL 15).
  await t.database.pool.query(
    `INSERT INTO orders OVERRIDING SYSTEM VALUE
     SELECT copy.*
     FROM orders AS o, generate_series(1, $2::int) AS i,
       LATERAL jsonb_populate_record(NULL::orders, to_jsonb(o) || jsonb_build_object(
         'id', nextval(pg_get_serial_sequence('orders', 'id')),
         'order_no', 'P9' || lpad(i::text, 8, '0'),
         'request_id', 'cap-' || i,
         'created_at', o.created_at - (i || ' seconds')::interval)) AS copy
     WHERE o.id = $1`,
    [order.id, DESK_COUNT_UP_TO],
  );
});
afterAll(async () => t?.close());

const list = async (query: Record<string, string | number>) => {
  const res = await staffCall<{
    items: { orderNo: string }[];
    total: number;
    moreThanTotal?: boolean;
  }>(t, staff.admin, 'GET', '/api/StaffOrder/List', query);
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
};

describe('StaffOrder/List over more orders than it counts', () => {
  it('answers the cap with moreThanTotal, and the newest orders first', async () => {
    const page = await list({ status: 'completed', kind: 'pcb', pageSize: 5 });
    expect([page.total, page.moreThanTotal]).toEqual([DESK_COUNT_UP_TO, true]);
    expect(page.items.map((r) => r.orderNo)).toEqual([
      orderNo,
      'P900000001',
      'P900000002',
      'P900000003',
      'P900000004',
    ]);
  });

  it('a page past the cap still answers its rows', async () => {
    const last = await list({ status: 'completed', kind: 'pcb', pageSize: 100, page: 101 });
    expect(last.items.map((r) => r.orderNo)).toEqual(['P900010000']);
    expect([last.total, last.moreThanTotal]).toEqual([DESK_COUNT_UP_TO, true]);
  });

  it('a filter under the cap is counted exactly, without moreThanTotal', async () => {
    const found = await list({ status: 'completed', keyword: 'P9000099' });
    expect([found.total, found.moreThanTotal]).toEqual([100, undefined]);
    const smt = await list({ status: 'completed', kind: 'smt' });
    expect([smt.total, smt.moreThanTotal, smt.items]).toEqual([0, undefined, []]);
  });
});
