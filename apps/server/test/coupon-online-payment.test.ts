import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COUPON_USED_MESSAGE, type OrderKind, type PayMethod } from '@pcb/contract';
import { MemberRebate } from '@pcb/contract/member-rebate';
import { Pcb } from '@pcb/contract/order-quote';
import { WechatPayOrder } from '@pcb/contract/payment';
import { StaffOrder } from '@pcb/contract/staff-order';
import { StaffCoupon } from '@pcb/contract/staff-coupon';
import type { PaymentChannel } from '../src/integrations/payment/payment-provider';
import { COUPON_HELD_MESSAGE } from '../src/modules/member-rebate/coupon-payments';
import { call } from './call';
import { statusOf } from './order-lifecycle-support';
import {
  balancesOf,
  expectBooksClean,
  fund,
  notify,
  payInput,
  payModule,
  payer,
  paymentTest,
  runPaymentJobs,
  uncappedPasswordTries,
  unpaidOrder,
  type Member,
  type PaymentTest,
} from './payment-support';

vi.setConfig({ testTimeout: 180_000 });

let p: PaymentTest;
beforeAll(async () => {
  p = await paymentTest({ wrapStore: uncappedPasswordTries });
});
afterAll(async () => p?.t.close());

const SUCCESS = { status: 200, body: 'success' };
const FAIL = { status: 500, body: 'fail' };
const DEDUCTION = 1_200;

let templateId: number | null = null;
/** A PCB coupon of ¥12 (no minimum) granted to the member; its id. */
async function couponFor(m: Member): Promise<number> {
  if (templateId === null) {
    const res = await call(
      p.t,
      StaffCoupon.CreateTemplate,
      {
        name: '在线测试券',
        serviceType: 'pcb',
        amount: DEDUCTION,
        minOrderAmount: 0,
        validityKind: 'days',
        validDays: 30,
      },
      { staff: p.staff.content },
    );
    expect(res.status, res.body.message).toBe(200);
    templateId = res.body.data.id;
  }
  const res = await call(
    p.t,
    StaffCoupon.Grant,
    { memberId: m.id, templateId, quantity: 1, reason: '测试发放' },
    { staff: p.staff.content },
  );
  expect(res.status, res.body.message).toBe(200);
  const mine = await call(
    p.t,
    MemberRebate.GetList,
    { state: 'unused', page: 1, pageSize: 100 },
    { token: m.token },
  );
  return Math.max(...mine.body.data.items.map((c) => c.id));
}

const payWith = (
  m: Member,
  order: { id: number; kind: OrderKind },
  method: PayMethod,
  couponId: number | undefined,
  channel: PaymentChannel = 'alipay',
) =>
  call(
    p.t,
    payModule[order.kind].Pay,
    {
      ...payInput(
        order.id,
        method,
        method === 'online' || method === 'balanceOnline' ? { channel } : {},
      ),
      ...(couponId === undefined ? {} : { couponId }),
    },
    { token: m.token },
  );

const couponRow = async (id: number) =>
  (
    await p.t.database.pool.query<{
      used_order_id: number | null;
      held_attempt_id: number | null;
    }>('SELECT used_order_id, held_attempt_id FROM member_coupon WHERE id = $1', [id])
  ).rows[0]!;

const attemptOf = async (outTradeNo: string) =>
  (
    await p.t.database.pool.query<{
      id: number;
      status: string;
      settlement: string | null;
      online_fen: number;
      coupon_fen: number;
    }>(
      'SELECT id, status, settlement, online_fen, coupon_fen FROM payment_attempt WHERE out_trade_no = $1',
      [outTradeNo],
    )
  ).rows[0]!;

const couponUses = async (couponId: number) =>
  (
    await p.t.database.pool.query<{ order_id: number; amount_fen: number; returned: boolean }>(
      'SELECT order_id, amount_fen, returned_at IS NOT NULL AS returned FROM coupon_use WHERE coupon_id = $1 ORDER BY order_id',
      [couponId],
    )
  ).rows;

describe('a coupon with every online method', () => {
  for (const [method, channel] of [
    ['online', 'alipay'],
    ['online', 'wechat'],
    ['balanceOnline', 'alipay'],
    ['balanceOnline', 'wechat'],
  ] as const) {
    it(`${method} ${channel}: held by the attempt, used by the notify, given back by the cancel`, async () => {
      const { t } = p;
      const m = await payer(t);
      const order = await unpaidOrder(p, m);
      const coupon = await couponFor(m);
      const balancePart =
        method === 'balanceOnline' ? Math.floor((order.total - DEDUCTION) / 2) : 0;
      if (balancePart) await fund(p, m.id, balancePart);
      const res = await payWith(m, order, method, coupon, channel);
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.data).toMatchObject({
        status: 'pending',
        couponAmount: DEDUCTION,
        balanceAmount: balancePart,
        onlineAmount: order.total - DEDUCTION - balancePart,
      });
      const outTradeNo = res.body.data.payment!.outTradeNo;
      expect(res.body.data.payment!.amount).toBe(order.total - DEDUCTION - balancePart);
      const attempt = await attemptOf(outTradeNo);
      expect(await couponRow(coupon)).toEqual({ used_order_id: null, held_attempt_id: attempt.id });

      const paid = p.fake(channel).pay(outTradeNo);
      expect(await notify(t, channel, paid)).toEqual(SUCCESS);
      expect(await notify(t, channel, paid)).toEqual(SUCCESS);
      expect(await statusOf(t, order.id)).toBe('inProduction');
      expect(await couponRow(coupon)).toEqual({ used_order_id: order.id, held_attempt_id: null });
      expect(await couponUses(coupon)).toEqual([
        { order_id: order.id, amount_fen: DEDUCTION, returned: false },
      ]);
      const { rows } = await t.database.pool.query<{ coupon_fen: number; online_fen: number }>(
        'SELECT coupon_fen, online_fen FROM order_payment WHERE order_id = $1',
        [order.id],
      );
      expect(rows[0]).toEqual({
        coupon_fen: DEDUCTION,
        online_fen: order.total - DEDUCTION - balancePart,
      });
      expect(await balancesOf(t, m.id)).toEqual({ balance: 0, gift: 0, held: 0 });
      await expectBooksClean(t);
      // 支付记录 for the member and the order drawer for finance: the coupon by name.
      const paidWith = {
        method,
        total: order.total,
        balance: balancePart,
        online: order.total - DEDUCTION - balancePart,
        coupon: DEDUCTION,
        channel,
        couponName: '在线测试券',
        couponReturned: false,
        refundedAt: null,
      };
      const detail = await call(t, Pcb.GetDetail, { id: order.id }, { token: m.token });
      expect(detail.body.data.paidWith).toMatchObject(paidWith);
      const desk = await call(t, StaffOrder.Get, { id: order.id }, { staff: p.staff.finance });
      expect(desk.status, desk.body.message).toBe(200);
      expect(desk.body.data.paidWith).toMatchObject(paidWith);

      const cancel = await t.post(
        '/api/Pcb/Cancel',
        { id: order.id, reason: '客户要求取消' },
        { token: m.token },
      );
      expect(cancel.status, cancel.body.message).toBe(200);
      await runPaymentJobs(t);
      expect(
        p
          .fake(channel)
          .refunds()
          .filter((r) => r.outTradeNo === outTradeNo),
      ).toEqual([
        expect.objectContaining({
          refundFen: order.total - DEDUCTION - balancePart,
          status: 'success',
        }),
      ]);
      expect(await couponRow(coupon)).toEqual({ used_order_id: null, held_attempt_id: null });
      expect(await couponUses(coupon)).toEqual([
        { order_id: order.id, amount_fen: DEDUCTION, returned: true },
      ]);
      expect(await balancesOf(t, m.id)).toEqual({ balance: balancePart, gift: 0, held: 0 });
      const after = await call(t, Pcb.GetDetail, { id: order.id }, { token: m.token });
      expect(after.body.data.paidWith).toMatchObject({ couponReturned: true });
      expect(after.body.data.paidWith!.refundedAt).toBe(t.clock.now().toISOString());
      await expectBooksClean(t);
    });
  }

  it('the active query settles it as the notify does', async () => {
    const { t, wechat } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    const coupon = await couponFor(m);
    const res = await payWith(m, order, 'online', coupon, 'wechat');
    const outTradeNo = res.body.data.payment!.outTradeNo;
    wechat.pay(outTradeNo);
    const asked = await call(t, WechatPayOrder.Get, { outTradeNo }, { token: m.token });
    expect(asked.body.data).toMatchObject({ status: 'paid', outcome: 'paidOrder' });
    expect(await couponRow(coupon)).toEqual({ used_order_id: order.id, held_attempt_id: null });
    await expectBooksClean(t);
  });

  it('a coupon that takes off the whole order is not paid online', async () => {
    const m = await payer(p.t);
    const order = await unpaidOrder(p, m);
    const big = await call(
      p.t,
      StaffCoupon.CreateTemplate,
      {
        name: '大额券',
        serviceType: 'pcb',
        amount: order.total + 100,
        minOrderAmount: 0,
        validityKind: 'days',
        validDays: 30,
      },
      { staff: p.staff.content },
    );
    await call(
      p.t,
      StaffCoupon.Grant,
      { memberId: m.id, templateId: big.body.data.id, quantity: 1, reason: '测试发放' },
      { staff: p.staff.content },
    );
    const [coupon] = (
      await call(
        p.t,
        MemberRebate.GetList,
        { state: 'unused', page: 1, pageSize: 10 },
        { token: m.token },
      )
    ).body.data.items;
    const res = await payWith(m, order, 'online', coupon!.id);
    expect(res.status).toBe(400);
    expect(await couponRow(coupon!.id)).toEqual({ used_order_id: null, held_attempt_id: null });
  });
});

describe('a held coupon comes back when the payment does not complete', () => {
  it('held: refused to another order; expiry releases it; the order’s cancel too; a new Pay replaces', async () => {
    const { t, alipay } = p;
    const m = await payer(t);
    const [a, b] = [await unpaidOrder(p, m), await unpaidOrder(p, m)];
    await fund(p, m.id, b.total);
    const coupon = await couponFor(m);
    const first = await payWith(m, a, 'online', coupon);
    expect(first.status, first.body.message).toBe(200);
    const refused = await payWith(m, b, 'balance', coupon);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(COUPON_HELD_MESSAGE);
    expect((await payWith(m, b, 'online', coupon)).body.message).toBe(COUPON_HELD_MESSAGE);

    // A new Pay of the same order replaces the payment: the coupon moves to the new one.
    const second = await payWith(m, a, 'online', coupon, 'wechat');
    expect(second.status, second.body.message).toBe(200);
    const firstAttempt = await attemptOf(first.body.data.payment!.outTradeNo);
    const secondAttempt = await attemptOf(second.body.data.payment!.outTradeNo);
    expect(firstAttempt.status).toBe('closed');
    expect(await couponRow(coupon)).toEqual({
      used_order_id: null,
      held_attempt_id: secondAttempt.id,
    });

    // Expiry: the provider says closed, ours closes, the coupon is free.
    // (the expiry job, run now: it asks the provider and closes both sides)
    await t.app.modules.payment.work.expire(secondAttempt.id);
    expect((await attemptOf(second.body.data.payment!.outTradeNo)).status).toBe('closed');
    expect(await couponRow(coupon)).toEqual({ used_order_id: null, held_attempt_id: null });

    // Held again, then the order is cancelled before payment: released.
    const third = await payWith(m, a, 'online', coupon);
    expect(third.status, third.body.message).toBe(200);
    const cancel = await t.post(
      '/api/Pcb/Cancel',
      { id: a.id, reason: '不要了' },
      { token: m.token },
    );
    expect(cancel.status, cancel.body.message).toBe(200);
    expect(await couponRow(coupon)).toEqual({ used_order_id: null, held_attempt_id: null });
    // A late notify of the cancelled order's payment is refunded and uses no coupon.
    const outTradeNo = third.body.data.payment!.outTradeNo;
    expect(await notify(t, 'alipay', alipay.pay(outTradeNo))).toEqual(SUCCESS);
    expect(await attemptOf(outTradeNo)).toMatchObject({ status: 'paid', settlement: 'refunded' });
    expect(await couponRow(coupon)).toEqual({ used_order_id: null, held_attempt_id: null });
    expect(await couponUses(coupon)).toEqual([]);
    await runPaymentJobs(t);

    // Free: the other order takes it with the balance.
    const ok = await payWith(m, b, 'balance', coupon);
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.data.couponAmount).toBe(DEDUCTION);
    await expectBooksClean(t);
  });

  it('the provider failing to create the payment gives the coupon back (503)', async () => {
    const m = await payer(p.t);
    const order = await unpaidOrder(p, m);
    const coupon = await couponFor(m);
    p.alipay.failNext.add('create');
    const res = await payWith(m, order, 'online', coupon);
    expect(res.status).toBe(503);
    expect(await couponRow(coupon)).toEqual({ used_order_id: null, held_attempt_id: null });
    const again = await payWith(m, order, 'online', coupon);
    expect(again.status, again.body.message).toBe(200);
    await expectBooksClean(p.t);
  });

  it('a replaced payment paid late takes the coupon again while it is free, once', async () => {
    const { t, alipay } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    const coupon = await couponFor(m);
    const first = await payWith(m, order, 'online', coupon);
    const outTradeNo = first.body.data.payment!.outTradeNo;
    // The member starts again without the coupon: the first payment is replaced, the coupon free.
    const second = await payWith(m, order, 'online', undefined, 'wechat');
    expect(second.status, second.body.message).toBe(200);
    expect(await couponRow(coupon)).toEqual({ used_order_id: null, held_attempt_id: null });
    // …but pays the first page before the provider hears it was closed.
    expect(await notify(t, 'alipay', alipay.pay(outTradeNo))).toEqual(SUCCESS);
    expect(await attemptOf(outTradeNo)).toMatchObject({ status: 'paid', settlement: 'applied' });
    expect(await statusOf(t, order.id)).toBe('inProduction');
    expect(await couponRow(coupon)).toEqual({ used_order_id: order.id, held_attempt_id: null });
    expect((await attemptOf(second.body.data.payment!.outTradeNo)).status).toBe('closed');
    await runPaymentJobs(t);
    await expectBooksClean(t);
  });

  it('a paid order keeps its coupon when a replaced payment’s notify comes late: refunded, used once', async () => {
    const { t, alipay } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    const coupon = await couponFor(m);
    const online = await payWith(m, order, 'online', coupon);
    const outTradeNo = online.body.data.payment!.outTradeNo;
    await fund(p, m.id, order.total - DEDUCTION);
    const byBalance = await payWith(m, order, 'balance', coupon);
    expect(byBalance.status, byBalance.body.message).toBe(200);
    expect(await couponRow(coupon)).toEqual({ used_order_id: order.id, held_attempt_id: null });
    // The member had paid the first page meanwhile.
    expect(await notify(t, 'alipay', alipay.pay(outTradeNo))).toEqual(SUCCESS);
    expect(await attemptOf(outTradeNo)).toMatchObject({ status: 'paid', settlement: 'refunded' });
    expect(await couponUses(coupon)).toEqual([
      { order_id: order.id, amount_fen: DEDUCTION, returned: false },
    ]);
    await runPaymentJobs(t);
    expect(alipay.refunds().filter((r) => r.outTradeNo === outTradeNo)).toHaveLength(1);
    await expectBooksClean(t);
  });
});

describe('the reconciliation', () => {
  it('finds a hold the attempt lost, and a hold left by an ended attempt', async () => {
    const { t } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    const coupon = await couponFor(m);
    const res = await payWith(m, order, 'online', coupon);
    const attempt = await attemptOf(res.body.data.payment!.outTradeNo);
    const checks = async () =>
      (await t.app.modules.payment.reconcile({ providerDays: 0 })).differences
        .filter((d) => d.check === 'couponHold')
        .map((d) => d.subject);
    await t.database.pool.query('UPDATE member_coupon SET held_attempt_id = NULL WHERE id = $1', [
      coupon,
    ]);
    expect(await checks()).toEqual([`attempt ${res.body.data.payment!.outTradeNo}`]);
    await t.database.pool.query(
      `UPDATE payment_attempt SET status = 'closed', close_reason = 'expired' WHERE id = $1`,
      [attempt.id],
    );
    await t.database.pool.query('UPDATE member_coupon SET held_attempt_id = $1 WHERE id = $2', [
      attempt.id,
      coupon,
    ]);
    expect(await checks()).toEqual([`coupon ${coupon}`]);
    await t.database.pool.query('UPDATE member_coupon SET held_attempt_id = NULL WHERE id = $1', [
      coupon,
    ]);
    expect(await checks()).toEqual([]);
  });
});

describe('races and forgeries', () => {
  it('50 online payments of 50 orders racing for one coupon: one holds it', async () => {
    const { t } = p;
    const m = await payer(t);
    const orders = await Promise.all(Array.from({ length: 50 }, () => unpaidOrder(p, m)));
    const coupon = await couponFor(m);
    const answers = await Promise.all(
      orders.map((o, i) => payWith(m, o, 'online', coupon, i % 2 ? 'wechat' : 'alipay')),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    for (const a of answers.filter((a) => a.status !== 200)) {
      expect(a.status).toBe(400);
      expect([COUPON_HELD_MESSAGE, COUPON_USED_MESSAGE]).toContain(a.body.message);
    }
    const { rows } = await t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payment_attempt WHERE member_id = $1 AND coupon_id IS NOT NULL`,
      [m.id],
    );
    expect(rows[0]!.n).toBe(1);
    const held = await couponRow(coupon);
    expect(held.held_attempt_id).toBe((await attemptOf(ok[0]!.body.data.payment!.outTradeNo)).id);
    await expectBooksClean(t);
  });

  it('forged and duplicate notifies change nothing', async () => {
    const { t, alipay } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    const coupon = await couponFor(m);
    const res = await payWith(m, order, 'online', coupon);
    const outTradeNo = res.body.data.payment!.outTradeNo;
    const forged = alipay.signed(
      {
        event: 'payment',
        outTradeNo,
        tradeNo: 'ALIPAYT42',
        status: 'paid',
        amountFen: res.body.data.onlineAmount,
        merchantId: alipay.merchantId,
        paidAt: new Date().toISOString(),
      },
      randomBytes(32),
    );
    expect(await notify(t, 'alipay', forged)).toEqual(FAIL);
    // The full total (as if no coupon): not the amount asked.
    const genuine = alipay.pay(outTradeNo);
    const fullAmount = {
      headers: genuine.headers,
      rawBody: JSON.stringify({ ...JSON.parse(genuine.rawBody), amountFen: order.total }),
    };
    expect(await notify(t, 'alipay', fullAmount)).toEqual(FAIL);
    expect(await statusOf(t, order.id)).toBe('awaitingPayment');
    expect(await couponRow(coupon)).toMatchObject({ used_order_id: null });
    const all = await Promise.all(Array.from({ length: 10 }, () => notify(t, 'alipay', genuine)));
    expect(all).toEqual(Array(10).fill(SUCCESS));
    expect(await couponUses(coupon)).toEqual([
      { order_id: order.id, amount_fen: DEDUCTION, returned: false },
    ]);
    await expectBooksClean(t);
  });
});
