import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deskCountedStatuses, type DeskStatusCounts, type OrderStatus } from '@pcb/contract';
import { buildTestApp, type TestApp } from './helper';
import { newMember, orderIn, staffSessions, type StaffSessions } from './order-lifecycle-support';
import { staffCall } from './staff-support';

/**
 * The desk's status chips (decision 0047): how many orders each status with work holds, under
 * the same kind, keyword and day filters as the list, so a chip's number is the rows it opens.
 */
let t: TestApp;
let staff: StaffSessions;
const placed: { id: number; orderNo: string; status: OrderStatus; kind: 'pcb' | 'smt' }[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffSessions(t);
  const m = await newMember(t);
  const plan: [OrderStatus, 'pcb' | 'smt'][] = [
    ['pendingReview', 'pcb'],
    ['pendingReview', 'pcb'],
    ['pendingReview', 'smt'],
    ['awaitingConfirmation', 'pcb'],
    ['awaitingPayment', 'pcb'],
    ['inProduction', 'smt'],
    ['shipped', 'pcb'],
    ['completed', 'pcb'],
    ['cancelled', 'pcb'],
  ];
  for (const [status, kind] of plan) {
    const order = await orderIn(t, staff, m, status, { kind });
    placed.push({ id: order.id, orderNo: order.orderNo, status, kind });
  }
});
afterAll(async () => t?.close());

const counts = async (query: Record<string, string> = {}, role: keyof StaffSessions = 'sales') => {
  const res = await staffCall<DeskStatusCounts>(
    t,
    staff[role],
    'GET',
    '/api/StaffOrder/GetStatusCounts',
    query,
  );
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
};

const listTotal = async (query: Record<string, string>) =>
  (
    await staffCall<{ total: number }>(t, staff.admin, 'GET', '/api/StaffOrder/List', {
      ...query,
      pageSize: 1,
    })
  ).body.data.total;

describe('StaffOrder/GetStatusCounts', () => {
  it('counts the statuses with work, and each count is the total its list shows', async () => {
    const all = await counts();
    expect(all).toEqual({
      pendingReview: 3,
      awaitingConfirmation: 1,
      awaitingPayment: 1,
      inProduction: 1,
      shipped: 1,
    });
    for (const status of deskCountedStatuses) {
      expect(await listTotal({ status }), status).toBe(all[status]);
      expect(await listTotal({ status, kind: 'smt' }), status).toBe(
        (await counts({ kind: 'smt' }))[status],
      );
    }
  });

  it('takes the kind, the keyword and the day range as the list does', async () => {
    expect(await counts({ kind: 'smt' })).toEqual({
      pendingReview: 1,
      awaitingConfirmation: 0,
      awaitingPayment: 0,
      inProduction: 1,
      shipped: 0,
    });
    const shipped = placed.find((p) => p.status === 'shipped')!;
    expect(await counts({ keyword: shipped.orderNo.toLowerCase() })).toEqual({
      pendingReview: 0,
      awaitingConfirmation: 0,
      awaitingPayment: 0,
      inProduction: 0,
      shipped: 1,
    });
    const today = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
    expect(Object.values(await counts({ dateFrom: tomorrow }))).toEqual([0, 0, 0, 0, 0]);
    expect((await counts({ dateFrom: today, dateTo: today })).pendingReview).toBe(3);
  });

  it('answers the roles that open the desk, and refuses a bad day', async () => {
    for (const role of ['engineer', 'finance', 'production', 'admin'] as const) {
      expect((await counts({}, role)).pendingReview).toBe(3);
    }
    const content = await staffCall(t, staff.content, 'GET', '/api/StaffOrder/GetStatusCounts');
    expect(content.status).toBe(403);
    const bad = await staffCall(t, staff.admin, 'GET', '/api/StaffOrder/GetStatusCounts', {
      dateTo: '2026/01/01',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('日期格式应为YYYY-MM-DD');
  });
});
