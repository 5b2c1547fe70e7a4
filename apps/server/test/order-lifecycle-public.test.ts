import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicOrderState } from '@pcb/contract';
import { buildTestApp, type TestApp } from './helper';
import {
  newMember,
  orderIn,
  recordSteps,
  staffSessions,
  type StaffSessions,
} from './order-lifecycle-support';

/** The public look-up of /orderState (decision 0042). */
let t: TestApp;
let staff: StaffSessions;
beforeAll(async () => {
  t = await buildTestApp({ env: { ORDER_STATE_RATE_LIMIT: '20' } });
  staff = await staffSessions(t);
});
afterAll(async () => t?.close());

let address = 0;
/** Each test asks from its own address: the budget is per address. */
const nextIp = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`;

const query = (body: Record<string, unknown>, ip: string) =>
  t.post<PublicOrderState>('/api/OrderState/Query', body, { ip });

describe('OrderState/Query', () => {
  it('shows a masked view to the order number and the receiver’s mobile, without a login', async () => {
    const m = await newMember(t);
    const order = await orderIn(t, staff, m, 'shipped');
    const res = await query(
      { orderNo: order.orderNo.toLowerCase(), mobile: '13800138000' },
      nextIp(),
    );
    expect(res.status, res.body.message).toBe(200);
    const state = res.body.data;
    expect(state).toMatchObject({
      orderNo: order.orderNo,
      kind: 'pcb',
      status: 'shipped',
      receiver: { receiverName: '张*', mobile: '138****8000', regionText: '广东省深圳市' },
    });
    expect(state.timeline.map((e) => e.toStatus)).toEqual([
      'pendingReview',
      'awaitingPayment',
      'inProduction',
      'shipped',
    ]);
    expect(state.productionSteps.every((s) => s.doneAt !== null)).toBe(true);
    expect(state.parcels[0]!.trackingNo).toMatch(/^SF[0-9A-F]{2}\*{4}[0-9A-F]{4}$/);
    // Nothing else of the order: no price, file, address line, member or staff names.
    const text = JSON.stringify(state);
    for (const hidden of [
      '高新南七道',
      String(order.total),
      'pcbFile',
      'engineer员工',
      '13800138000',
    ]) {
      expect(text).not.toContain(hidden);
    }
  });

  it('answers a wrong number and a wrong mobile alike', async () => {
    const m = await newMember(t);
    const order = await orderIn(t, staff, m, 'inProduction');
    await recordSteps(t, staff, order.id, 'pcb', 1);
    const wrongMobile = await query({ orderNo: order.orderNo, mobile: '13900000000' }, nextIp());
    const wrongNumber = await query({ orderNo: 'P209901010001', mobile: '13800138000' }, nextIp());
    for (const res of [wrongMobile, wrongNumber]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        success: false,
        data: null,
        message: '未找到订单，请核对订单号和收货人手机号',
      });
    }
    expect(wrongMobile.raw.headers['content-length']).toBe(
      wrongNumber.raw.headers['content-length'],
    );
    // A deleted order is not found either.
    const deleted = await orderIn(t, staff, m, 'cancelled');
    expect((await t.del('/api/Pcb/Delete', { id: deleted.id }, { token: m.token })).status).toBe(
      200,
    );
    const gone = await query({ orderNo: deleted.orderNo, mobile: '13800138000' }, nextIp());
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(wrongNumber.body.message);
    const bad = await query({ orderNo: 'X123', mobile: '13800138000' }, nextIp());
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('订单号格式不正确');
  });

  it('keeps a budget per address: 60 parallel look-ups from one address are cut at the limit', async () => {
    const m = await newMember(t);
    const order = await orderIn(t, staff, m, 'pendingReview');
    const ip = nextIp();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        query({ orderNo: order.orderNo, mobile: i % 2 ? '13800138000' : '13900000000' }, ip),
      ),
    );
    const limited = answers.filter((a) => a.status === 429);
    expect(answers.length - limited.length).toBe(20);
    expect(limited[0]!.body.message).toBe('查询过于频繁，请稍后再试');
    expect(Number(limited[0]!.raw.headers['retry-after'])).toBeGreaterThan(0);
    // Another address still gets its answer.
    expect((await query({ orderNo: order.orderNo, mobile: '13800138000' }, nextIp())).status).toBe(
      200,
    );
  });
});
