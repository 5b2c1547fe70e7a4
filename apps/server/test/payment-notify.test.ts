import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlipayOrder } from '@pcb/contract/payment';
import { call } from './call';
import { statusOf } from './order-lifecycle-support';
import {
  balancesOf,
  expectBooksClean,
  fund,
  notify,
  pay,
  payer,
  paymentTest,
  runPaymentJobs,
  unpaidOrder,
  type PaymentTest,
} from './payment-support';

let p: PaymentTest;
beforeAll(async () => {
  p = await paymentTest();
});
afterAll(async () => p?.t.close());

const FAIL = { status: 500, body: 'fail' };
const SUCCESS = { status: 200, body: 'success' };

/** An order of a new member with an Alipay payment started; its out_trade_no. */
async function startedOnline(channel: 'alipay' | 'wechat' = 'alipay') {
  const m = await payer(p.t);
  const order = await unpaidOrder(p, m);
  const res = await pay(p.t, m, order, 'online', { channel });
  expect(res.status, res.body.message).toBe(200);
  return { m, order, outTradeNo: res.body.data.payment!.outTradeNo };
}

async function ledgerRows() {
  const { rows } = await p.t.database.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM ledger_entry',
  );
  return rows[0]!.n;
}

const attemptOf = async (outTradeNo: string) =>
  (
    await p.t.database.pool.query<{ status: string; settlement: string | null }>(
      'SELECT status, settlement FROM payment_attempt WHERE out_trade_no = $1',
      [outTradeNo],
    )
  ).rows[0]!;

const warned = (msg: string) => p.warnings().filter((w) => w.msg === msg);

describe('notifies that change nothing', () => {
  it('a replayed notify credits once', async () => {
    const { t, alipay } = p;
    const { order, outTradeNo } = await startedOnline();
    const paid = alipay.pay(outTradeNo);
    expect(await notify(t, 'alipay', paid)).toEqual(SUCCESS);
    const entries = await ledgerRows();
    for (let i = 0; i < 3; i++) expect(await notify(t, 'alipay', paid)).toEqual(SUCCESS);
    const parallel = await Promise.all(Array.from({ length: 10 }, () => notify(t, 'alipay', paid)));
    expect(parallel).toEqual(Array(10).fill(SUCCESS));
    expect(await ledgerRows()).toBe(entries);
    expect(await statusOf(t, order.id)).toBe('inProduction');
    await expectBooksClean(t);
  });

  it('refuses forged notifies: another key, a changed amount, another order’s number', async () => {
    const { t, alipay } = p;
    const a = await startedOnline();
    const b = await startedOnline();
    const entries = await ledgerRows();
    const body = {
      event: 'payment',
      outTradeNo: a.outTradeNo,
      tradeNo: 'ALIPAYT99999999',
      status: 'paid',
      amountFen: a.order.total,
      merchantId: alipay.merchantId,
      paidAt: new Date().toISOString(),
    };
    // Signed with a key that is not the provider's.
    expect(await notify(t, 'alipay', alipay.signed(body, randomBytes(32)))).toEqual(FAIL);
    // A genuine notify with its amount, or its order number, changed afterwards.
    const genuine = alipay.pay(a.outTradeNo);
    const changed = (patch: Record<string, unknown>) => ({
      headers: genuine.headers,
      rawBody: JSON.stringify({ ...JSON.parse(genuine.rawBody), ...patch }),
    });
    expect(await notify(t, 'alipay', changed({ amountFen: 1 }))).toEqual(FAIL);
    expect(await notify(t, 'alipay', changed({ outTradeNo: b.outTradeNo }))).toEqual(FAIL);
    // Sent to the other provider's route.
    expect(await notify(t, 'wechat', genuine)).toEqual(FAIL);
    expect(await ledgerRows()).toBe(entries);
    expect(await statusOf(t, a.order.id)).toBe('awaitingPayment');
    expect(await statusOf(t, b.order.id)).toBe('awaitingPayment');
    expect(
      warned('payment: a notify failed verification; nothing changed').length,
    ).toBeGreaterThanOrEqual(4);
    // The genuine one still pays.
    expect(await notify(t, 'alipay', genuine)).toEqual(SUCCESS);
    expect(await statusOf(t, a.order.id)).toBe('inProduction');
  });

  it('rejects and logs a verified report of another amount, another merchant, or an unknown payment', async () => {
    const { t, alipay } = p;
    const { m, order, outTradeNo } = await startedOnline();
    const entries = await ledgerRows();
    try {
      alipay.tamper = (tx) => ({ ...tx, amountFen: tx.amountFen - 1 });
      expect(await notify(t, 'alipay', alipay.pay(outTradeNo))).toEqual(FAIL);
      alipay.tamper = (tx) => ({ ...tx, merchantId: 'another-merchant' });
      expect(await notify(t, 'alipay', alipay.paymentNotify(outTradeNo))).toEqual(FAIL);
      // The same through the active query.
      const asked = await call(t, AlipayOrder.Get, { outTradeNo }, { token: m.token });
      expect(asked.body.data.status).toBe('pending');
    } finally {
      alipay.tamper = null;
    }
    const unknown = alipay.signed({
      event: 'payment',
      outTradeNo: 'P20260101000000ffffffffffffffff',
      tradeNo: 'ALIPAYT1',
      status: 'paid',
      amountFen: 100,
      merchantId: alipay.merchantId,
      paidAt: null,
    });
    expect(await notify(t, 'alipay', unknown)).toEqual(FAIL);
    expect(await ledgerRows()).toBe(entries);
    expect(await statusOf(t, order.id)).toBe('awaitingPayment');
    expect(
      warned('payment: a paid amount that is not the amount asked; nothing changed'),
    ).not.toHaveLength(0);
    expect(
      warned('payment: a report for another merchant or channel; nothing changed'),
    ).not.toHaveLength(0);
    expect(
      warned('payment: a report of a payment we never asked for; nothing changed'),
    ).not.toHaveLength(0);
    // Reported as it really is, it pays.
    expect(await notify(t, 'alipay', alipay.paymentNotify(outTradeNo))).toEqual(SUCCESS);
    expect(await statusOf(t, order.id)).toBe('inProduction');
    await expectBooksClean(t);
  });

  it('an out-of-order notify (pending or closed after paid) changes nothing', async () => {
    const { t, alipay } = p;
    const { order, outTradeNo } = await startedOnline();
    const pending = alipay.paymentNotify(outTradeNo);
    const paid = alipay.pay(outTradeNo);
    expect(await notify(t, 'alipay', paid)).toEqual(SUCCESS);
    expect(await notify(t, 'alipay', pending)).toEqual(SUCCESS);
    const closed = alipay.signed({ ...JSON.parse(paid.rawBody), status: 'closed', tradeNo: null });
    expect(await notify(t, 'alipay', closed)).toEqual(SUCCESS);
    expect(await attemptOf(outTradeNo)).toEqual({ status: 'paid', settlement: 'applied' });
    expect(await statusOf(t, order.id)).toBe('inProduction');
    await expectBooksClean(t);
  });
});

describe('money that arrives for an order that can no longer take it', () => {
  it('a notify after the order was cancelled is refunded through the provider', async () => {
    const { t, alipay } = p;
    const { m, order, outTradeNo } = await startedOnline();
    const cancelled = await t.post(
      '/api/Pcb/Cancel',
      { id: order.id, reason: '不需要了' },
      { token: m.token },
    );
    expect(cancelled.status).toBe(200);
    // The member pays on the provider's page before the provider is told to close it.
    const late = alipay.pay(outTradeNo);
    expect(await notify(t, 'alipay', late)).toEqual(SUCCESS);
    expect(await attemptOf(outTradeNo)).toEqual({ status: 'paid', settlement: 'refunded' });
    expect(await statusOf(t, order.id)).toBe('cancelled');
    await runPaymentJobs(t);
    expect(alipay.refunds().filter((r) => r.outTradeNo === outTradeNo)).toEqual([
      expect.objectContaining({ refundFen: order.total, status: 'success' }),
    ]);
    // Later notifies of the same payment change nothing more.
    expect(await notify(t, 'alipay', late)).toEqual(SUCCESS);
    await runPaymentJobs(t);
    expect(alipay.refunds().filter((r) => r.outTradeNo === outTradeNo)).toHaveLength(1);
    const { rows } = await t.database.pool.query<{ title: string }>(
      'SELECT title FROM member_message WHERE member_id = $1',
      [m.id],
    );
    expect(rows.map((r) => r.title)).toContain('重复付款将原路退回');
    expect(await balancesOf(t, m.id)).toEqual({ balance: 0, gift: 0, held: 0 });
    await expectBooksClean(t);
  });

  it('a payment for an order paid another way meanwhile is refunded', async () => {
    const { t, wechat } = p;
    const { m, order, outTradeNo } = await startedOnline('wechat');
    await fund(p, m.id, order.total);
    expect((await pay(t, m, order, 'balance')).status).toBe(200);
    // Closing it at the provider comes too late: it was paid.
    const paidMeanwhile = wechat.pay(outTradeNo);
    await runPaymentJobs(t);
    expect(await attemptOf(outTradeNo)).toEqual({ status: 'paid', settlement: 'refunded' });
    expect(await notify(t, 'wechat', paidMeanwhile)).toEqual(SUCCESS);
    await runPaymentJobs(t);
    expect(wechat.refunds().filter((r) => r.outTradeNo === outTradeNo)).toHaveLength(1);
    expect(await balancesOf(t, m.id)).toEqual({ balance: 0, gift: 0, held: 0 });
    await expectBooksClean(t);
  });
});

describe('a replaced payment paid after all', () => {
  it('takes its balance part again when the balance still has it, and pays the order', async () => {
    const { t, alipay, wechat } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    await fund(p, m.id, 1000);
    const first = await pay(t, m, order, 'balanceOnline', { channel: 'alipay' });
    // Replaced by a plain online payment: the held ¥10 is back in the balance.
    await pay(t, m, order, 'online', { channel: 'wechat' });
    expect(await balancesOf(t, m.id)).toEqual({ balance: 1000, gift: 0, held: 0 });
    // The member pays the first page anyway, before the provider was told to close it.
    const outTradeNo = first.body.data.payment!.outTradeNo;
    expect(await notify(t, 'alipay', alipay.pay(outTradeNo))).toEqual(SUCCESS);
    expect(await attemptOf(outTradeNo)).toEqual({ status: 'paid', settlement: 'applied' });
    expect(await statusOf(t, order.id)).toBe('inProduction');
    expect(await balancesOf(t, m.id)).toEqual({ balance: 0, gift: 0, held: 0 });
    await runPaymentJobs(t);
    expect(wechat.created().at(-1)?.status).toBe('closed');
    await expectBooksClean(t);
  });

  it('is refunded when the balance part was spent meanwhile', async () => {
    const { t, alipay } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    const other = await unpaidOrder(p, m, 'stencil');
    await fund(p, m.id, 1000);
    const first = await pay(t, m, order, 'balanceOnline', { channel: 'alipay' });
    await pay(t, m, order, 'online', { channel: 'alipay' });
    await fund(p, m.id, other.total - 1000);
    expect((await pay(t, m, other, 'balance')).status).toBe(200);
    const outTradeNo = first.body.data.payment!.outTradeNo;
    expect(await notify(t, 'alipay', alipay.pay(outTradeNo))).toEqual(SUCCESS);
    expect(await attemptOf(outTradeNo)).toEqual({ status: 'paid', settlement: 'refunded' });
    expect(await statusOf(t, order.id)).toBe('awaitingPayment');
    await runPaymentJobs(t);
    expect(alipay.refunds().filter((r) => r.outTradeNo === outTradeNo)).toEqual([
      expect.objectContaining({ refundFen: order.total - 1000, status: 'success' }),
    ]);
    await expectBooksClean(t);
  });
});

describe('provider refunds', () => {
  it('are confirmed by the refund notify, once', async () => {
    const { t, wechat } = p;
    const { m, order, outTradeNo } = await startedOnline('wechat');
    await notify(t, 'wechat', wechat.pay(outTradeNo));
    wechat.refundOutcome = 'processing';
    try {
      expect(
        (await t.post('/api/Pcb/Cancel', { id: order.id, reason: '重复下单' }, { token: m.token }))
          .status,
      ).toBe(200);
      await runPaymentJobs(t);
    } finally {
      wechat.refundOutcome = 'success';
    }
    const [refund] = wechat.refunds().filter((r) => r.outTradeNo === outTradeNo);
    expect(refund?.status).toBe('processing');
    await expectBooksClean(t);
    const done = wechat.finishRefund(refund!.outRefundNo, 'success');
    expect(await notify(t, 'wechat', done)).toEqual(SUCCESS);
    expect(await notify(t, 'wechat', done)).toEqual(SUCCESS);
    const { rows } = await t.database.pool.query<{ status: string; n: number }>(
      `SELECT r.status, (SELECT count(*)::int FROM ledger_txn WHERE ref = 'refundSent:' || r.id) AS n
       FROM payment_refund r WHERE r.out_trade_no = $1`,
      [outTradeNo],
    );
    expect(rows).toEqual([{ status: 'success', n: 1 }]);
    await expectBooksClean(t);
  });

  it('are confirmed by the poll when no notify comes; a refund that fails goes to the balance', async () => {
    const { t, alipay } = p;
    const first = await startedOnline();
    const second = await startedOnline();
    for (const s of [first, second]) await notify(t, 'alipay', alipay.pay(s.outTradeNo));
    alipay.refundOutcome = 'processing';
    try {
      for (const s of [first, second]) {
        await t.post('/api/Pcb/Cancel', { id: s.order.id, reason: '不要了' }, { token: s.m.token });
      }
      await runPaymentJobs(t);
    } finally {
      alipay.refundOutcome = 'success';
    }
    const refundOf = (outTradeNo: string) =>
      alipay.refunds().find((r) => r.outTradeNo === outTradeNo)!;
    // The provider finishes without telling us (Alipay sends no refund notify).
    alipay.finishRefund(refundOf(first.outTradeNo).outRefundNo, 'success');
    alipay.finishRefund(refundOf(second.outTradeNo).outRefundNo, 'failed');
    const { rows: ids } = await t.database.pool.query<{ id: number }>(
      'SELECT id FROM payment_refund WHERE out_trade_no = ANY($1) ORDER BY id',
      [[first.outTradeNo, second.outTradeNo]],
    );
    for (const { id } of ids) await t.app.modules.payment.work.refund(id);
    expect(await balancesOf(t, first.m.id)).toEqual({ balance: 0, gift: 0, held: 0 });
    expect(await balancesOf(t, second.m.id)).toEqual({
      balance: second.order.total,
      gift: 0,
      held: 0,
    });
    await expectBooksClean(t);
  });
});
