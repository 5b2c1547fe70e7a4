import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultPcbParams, defaultPriceSheet, pricePcb, type PcbParams } from '@pcb/pricing';
import type { EditQuote, OrderStatus } from '@pcb/contract';
import { buildTestApp, type TestApp } from './helper';
import {
  bankReference,
  isoAgo,
  newMember,
  orderIn,
  placeOrder,
  processRows,
  raiseEq,
  recordingNotifier,
  staffPost,
  staffSessions,
  statusOf,
  type StaffSessions,
} from './order-lifecycle-support';
import { createStaff, sessionFor } from './staff-support';

/**
 * Racing actions (decision 0042): the row lock and the conditional update let exactly one
 * through; the others are refused with the reason of the status the winner left, and the
 * process log holds one row per move that happened.
 */
let t: TestApp;
let staff: StaffSessions;
const recorded = recordingNotifier();
beforeAll(async () => {
  t = await buildTestApp({ overrides: { orderNotifier: recorded.notifier } });
  staff = await staffSessions(t);
});
afterAll(async () => t?.close());

/** The log moves from each status: never two from the same one. */
function movesFrom(rows: { from_status: OrderStatus | null; to_status: OrderStatus }[]) {
  return rows
    .filter((r) => r.from_status !== r.to_status)
    .map((r) => `${r.from_status}→${r.to_status}`);
}

/** Each move starts where the one before it ended. */
function expectChain(rows: { from_status: OrderStatus | null; to_status: OrderStatus }[]) {
  rows.forEach((row, i) => expect(row.from_status).toBe(i === 0 ? null : rows[i - 1]!.to_status));
}

describe('racing actions', () => {
  it('cancel against pass: never a pass after the cancel, and the log is one chain', async () => {
    const m = await newMember(t);
    const seen = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const order = await placeOrder(t, m);
      const [cancel, pass] = await Promise.all([
        t.post('/api/Pcb/Cancel', { id: order.id, reason: '不要了' }, { token: m.token }),
        staffPost(t, staff.engineer, 'Pass', { id: order.id }),
      ]);
      // The member may still cancel a passed order (待付款); staff never pass a cancelled one.
      expect(cancel.status).toBe(200);
      expect(await statusOf(t, order.id)).toBe('cancelled');
      const rows = await processRows(t, order.id);
      if (pass.status === 200) {
        seen.add('pass first');
        expect(movesFrom(rows)).toEqual([
          'null→pendingReview',
          'pendingReview→awaitingPayment',
          'awaitingPayment→cancelled',
        ]);
      } else {
        seen.add('cancel first');
        expect(pass.status).toBe(409);
        expect(pass.body.message).toBe('订单当前为「已取消」，不能审核通过');
        expect(movesFrom(rows)).toEqual(['null→pendingReview', 'pendingReview→cancelled']);
      }
      expectChain(rows);
    }
    expect(seen.size).toBeGreaterThan(0);
  });

  it('two engineers passing at once: one pass, one log row, one message', async () => {
    const second = await sessionFor(t, (await createStaff(t, { roles: ['engineer'] })).id);
    const m = await newMember(t);
    const order = await placeOrder(t, m);
    const answers = await Promise.all([
      staffPost(t, staff.engineer, 'Pass', { id: order.id }),
      staffPost(t, second, 'Pass', { id: order.id }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(
      '订单当前为「待付款」，不能审核通过',
    );
    const rows = await processRows(t, order.id);
    expect(rows.filter((r) => r.action === 'pass')).toHaveLength(1);
    expectChain(rows);
    expect(
      recorded.notices.filter((n) => n.memberId === m.id && n.title === '订单审核通过'),
    ).toHaveLength(1);
    const audited = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'StaffOrder.Pass' AND object_id = $1",
      [String(order.id)],
    );
    expect(audited.rows[0].n).toBe(1);
  });

  it('20 parallel EditOrder on one revision leave one edit, priced as its parameters', async () => {
    const m = await newMember(t);
    const order = await placeOrder(t, m);
    const variants: PcbParams[] = Array.from({ length: 20 }, (_, i) => ({
      ...defaultPcbParams,
      quantity: 20 + i * 5,
    }));
    const quotes = await Promise.all(
      variants.map((params) =>
        t.post<EditQuote>('/api/Pcb/CalcEditOrder', { id: order.id, params }, { token: m.token }),
      ),
    );
    const answers = await Promise.all(
      variants.map((params, i) =>
        t.request({
          method: 'PUT',
          url: '/api/Pcb/EditOrder',
          headers: { authorization: `Bearer ${m.token}` },
          payload: {
            id: order.id,
            params,
            revision: quotes[i]!.body.data.revision,
            sheetVersion: quotes[i]!.body.data.quote.sheetVersion,
            expectedTotal: quotes[i]!.body.data.quote.total,
          },
        }),
      ),
    );
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    const lost = answers.filter((a) => a.status !== 200);
    expect(
      lost.every((a) => a.status === 409 && a.body.message === '订单已被修改，请刷新后重试'),
    ).toBe(true);
    const { rows } = await t.database.pool.query(
      'SELECT params, total, revision, lines FROM orders WHERE id = $1',
      [order.id],
    );
    const winner = variants[answers.indexOf(won[0]!)]!;
    expect(rows[0].params.quantity).toBe(winner.quantity);
    expect(rows[0].revision).toBe(1);
    expect(rows[0].total).toBe(quotes[answers.indexOf(won[0]!)]!.body.data.quote.total);
    // The stored total is the sum of its lines, and the engine's price of its parameters.
    expect(rows[0].lines.reduce((s: number, l: { amount: number }) => s + l.amount, 0)).toBe(
      rows[0].total,
    );
    expect(
      pricePcb({ ...defaultPriceSheet, version: 1 }, winner, {
        shipping: { province: '广东省', courier: 'sf' },
      }).total,
    ).toBe(rows[0].total);
    const log = await processRows(t, order.id);
    expect(log.filter((r) => r.action === 'edit')).toHaveLength(1);
    expectChain(log);
  });

  it('one bank reference raced onto two orders credits one', async () => {
    const m = await newMember(t);
    const a = await orderIn(t, staff, m, 'awaitingPayment');
    const b = await orderIn(t, staff, m, 'awaitingPayment');
    const reference = bankReference();
    const answers = await Promise.all(
      [a, b].map((o) =>
        staffPost(t, staff.finance, 'RecordPayment', {
          id: o.id,
          amount: o.total,
          bankReference: reference,
          payerName: '华创电子',
          receivedAt: isoAgo(t, 5),
        }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const statuses = [await statusOf(t, a.id), await statusOf(t, b.id)].sort();
    expect(statuses).toEqual(['awaitingPayment', 'inProduction']);
  });

  it('the answers to two questions given at once bring the order back to review once', async () => {
    const m = await newMember(t);
    const order = await placeOrder(t, m);
    const first = await raiseEq(t, staff, order.id);
    const second = await raiseEq(t, staff, order.id);
    const answers = await Promise.all(
      [first, second].map((id) =>
        t.post('/api/EqQuestion/Reply', { id, choice: '按原文件生产' }, { token: m.token }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await statusOf(t, order.id)).toBe('pendingReview');
    const { rows } = await t.database.pool.query(
      'SELECT open_eq_count, answered_eq_count FROM orders WHERE id = $1',
      [order.id],
    );
    expect(rows[0]).toEqual({ open_eq_count: 0, answered_eq_count: 2 });
    expect(movesFrom(await processRows(t, order.id))).toEqual([
      'null→pendingReview',
      'pendingReview→awaitingConfirmation',
      'awaitingConfirmation→pendingReview',
    ]);
  });
});
