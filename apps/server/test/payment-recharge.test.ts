import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BALANCE_MAX,
  MemberAdvancePayment,
  RECHARGE_MAX,
  RECHARGE_MIN,
} from '@pcb/contract/member-advance-payment';
import { AlipayOrder, WechatPayOrder } from '@pcb/contract/payment';
import { call, unchecked } from './call';
import {
  balancesOf,
  expectBooksClean,
  fund,
  notify,
  pay,
  payer,
  paymentTest,
  unpaidOrder,
  type PaymentTest,
} from './payment-support';

let p: PaymentTest;
beforeAll(async () => {
  p = await paymentTest();
});
afterAll(async () => p?.t.close());

const recharge = (token: string, amount: number, channel: 'alipay' | 'wechat' = 'alipay') =>
  call(p.t, MemberAdvancePayment.Recharge, { requestId: randomUUID(), amount, channel }, { token });

describe('MemberAdvancePayment.Recharge', () => {
  it('credits the balance when the provider confirms, once, and never on the page’s word', async () => {
    const { t, alipay } = p;
    const m = await payer(t);
    const res = await recharge(m.token, 50_000);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ channel: 'alipay', amount: 50_000 });
    const ref = `channel=alipay&outTradeNo=${res.body.data.outTradeNo}`;
    expect(alipay.createdWith(res.body.data.outTradeNo)).toMatchObject({
      returnUrl: `${t.config.publicOrigins[0]}/theBalance/prepaidSuccess?${ref}`,
      quitUrl: `${t.config.publicOrigins[0]}/theBalance/prepaidFail?${ref}&reason=cancelled`,
    });
    expect(await balancesOf(t, m.id)).toMatchObject({ balance: 0 });
    const { outTradeNo } = res.body.data;
    const pending = await call(t, AlipayOrder.Get, { outTradeNo }, { token: m.token });
    expect(pending.body.data).toMatchObject({ purpose: 'recharge', status: 'pending' });
    const sent = alipay.pay(outTradeNo);
    await Promise.all([notify(t, 'alipay', sent), notify(t, 'alipay', sent)]);
    await notify(t, 'alipay', sent);
    expect(await balancesOf(t, m.id)).toEqual({ balance: 50_000, gift: 0, held: 0 });
    const done = await call(t, AlipayOrder.Get, { outTradeNo }, { token: m.token });
    expect(done.body.data).toMatchObject({ status: 'paid', outcome: 'credited' });
    const balance = await call(t, MemberAdvancePayment.GetBalance, {}, { token: m.token });
    expect(balance.body.data).toEqual({ balance: 50_000, giftBalance: 0, held: 0 });
    await expectBooksClean(t);
  });

  it('credits a top-up whose notify was lost when the member’s page asks (WechatPayOrder/Get)', async () => {
    const { t, wechat } = p;
    const m = await payer(t);
    const { outTradeNo } = (await recharge(m.token, 12_345, 'wechat')).body.data;
    wechat.pay(outTradeNo);
    const asked = await call(t, WechatPayOrder.Get, { outTradeNo }, { token: m.token });
    expect(asked.body.data).toMatchObject({ status: 'paid', outcome: 'credited' });
    expect(await balancesOf(t, m.id)).toMatchObject({ balance: 12_345 });
    await expectBooksClean(t);
  });

  it('states its limits: ¥1 to ¥50,000 a time, a balance of at most ¥1,000,000 after it', async () => {
    const { t } = p;
    const m = await payer(t);
    for (const amount of [RECHARGE_MIN - 1, RECHARGE_MAX + 1, 0, -100]) {
      const res = await recharge(m.token, amount);
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.field).toBe('amount');
    }
    const fractional = await call(
      t,
      MemberAdvancePayment.Recharge,
      unchecked({ requestId: randomUUID(), amount: 100.5, channel: 'alipay' }),
      { token: m.token },
    );
    expect(fractional.status).toBe(400);
    expect((await recharge(m.token, RECHARGE_MIN)).status).toBe(200);
    await fund(p, m.id, BALANCE_MAX - RECHARGE_MAX + 1);
    const over = await recharge(m.token, RECHARGE_MAX);
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('充值后余额不能超过¥1,000,000.00');
    expect((await recharge(m.token, RECHARGE_MAX - 1)).status).toBe(200);
  });

  it('answers a retried top-up with the same payment', async () => {
    const { t, alipay } = p;
    const m = await payer(t);
    const input = { requestId: randomUUID(), amount: 20_000, channel: 'alipay' as const };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(t, MemberAdvancePayment.Recharge, input, { token: m.token }),
      ),
    );
    expect(new Set(answers.map((a) => a.body.data.outTradeNo)).size).toBe(1);
    expect(
      alipay.created().filter((c) => c.outTradeNo === answers[0]!.body.data.outTradeNo),
    ).toHaveLength(1);
  });
});

describe('the logs', () => {
  it('list every money event by type and day, newest first, in pages', async () => {
    const { t, alipay } = p;
    const m = await payer(t);
    const { outTradeNo } = (await recharge(m.token, 80_000)).body.data;
    await notify(t, 'alipay', alipay.pay(outTradeNo));
    await fund(p, m.id, 3_000, 'gift');
    const orders = [await unpaidOrder(p, m), await unpaidOrder(p, m)];
    for (const order of orders) await pay(t, m, order, 'balance');

    const all = await call(t, MemberAdvancePayment.GetLogs, { pageSize: 2 }, { token: m.token });
    expect(all.body.data.total).toBe(4);
    expect(all.body.data.items.map((l) => l.type)).toEqual(['pay', 'pay']);
    const page2 = await call(
      t,
      MemberAdvancePayment.GetLogs,
      { pageSize: 2, page: 2 },
      { token: m.token },
    );
    expect(page2.body.data.items.map((l) => [l.type, l.direction])).toEqual([
      ['adjustment', 'in'],
      ['recharge', 'in'],
    ]);
    expect(page2.body.data.items[1]!.parts).toEqual([{ name: '支付宝', amount: 80_000 }]);
    const recharges = await call(
      t,
      MemberAdvancePayment.GetLogs,
      { type: 'recharge' },
      { token: m.token },
    );
    expect(recharges.body.data.items.map((l) => l.amount)).toEqual([80_000]);

    const day = (offsetDays: number) =>
      new Date(t.clock.now().getTime() + 8 * 3_600_000 + offsetDays * 86_400_000)
        .toISOString()
        .slice(0, 10);
    const today = await call(
      t,
      MemberAdvancePayment.GetLogs,
      { from: day(0), to: day(0) },
      { token: m.token },
    );
    expect(today.body.data.total).toBe(4);
    const tomorrow = await call(
      t,
      MemberAdvancePayment.GetLogs,
      { from: day(1) },
      { token: m.token },
    );
    expect(tomorrow.body.data.total).toBe(0);
    const yesterday = await call(
      t,
      MemberAdvancePayment.GetLogs,
      { to: day(-1) },
      { token: m.token },
    );
    expect(yesterday.body.data.total).toBe(0);
    const backwards = await call(
      t,
      MemberAdvancePayment.GetLogs,
      { from: day(0), to: day(-1) },
      { token: m.token },
    );
    expect(backwards.status).toBe(400);

    const balanceLog = await call(
      t,
      MemberAdvancePayment.GetAdvancePaymentLogs,
      {},
      { token: m.token },
    );
    const spent = orders.reduce((sum, o) => sum + o.total, 0);
    expect(balanceLog.body.data.items.map((l) => [l.type, l.amount, l.balanceAfter])).toEqual([
      ['pay', -orders[1]!.total, 80_000 - spent],
      ['pay', -orders[0]!.total, 80_000 - orders[0]!.total],
      ['recharge', 80_000, 80_000],
    ]);
    const gifts = await call(
      t,
      MemberAdvancePayment.GetGiftPaymentLogs,
      { type: 'adjustment' },
      { token: m.token },
    );
    expect(gifts.body.data.items.map((l) => [l.amount, l.balanceAfter])).toEqual([[3_000, 3_000]]);
    // Another member sees none of it.
    const other = await payer(t);
    const theirs = await call(t, MemberAdvancePayment.GetLogs, {}, { token: other.token });
    expect(theirs.body.data.total).toBe(0);
  });
});
