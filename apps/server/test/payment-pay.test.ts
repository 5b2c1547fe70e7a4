import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusRefusal } from '@pcb/contract';
import { AlipayOrder, WechatPayOrder } from '@pcb/contract/payment';
import { MemberAdvancePayment } from '@pcb/contract/member-advance-payment';
import { createOpenIdSeal } from '../src/modules/wechat/openid-seal';
import { PAYMENT_PASSWORD_MAX_FAILURES } from '../src/modules/member-auth/payment-password.service';
import { call, unchecked } from './call';
import { processRows, statusOf } from './order-lifecycle-support';
import {
  balancesOf,
  expectBooksClean,
  fund,
  notify,
  pay,
  payer,
  payInput,
  payModule,
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

const messages = async (memberId: number) =>
  (
    await p.t.database.pool.query<{ title: string; content: string }>(
      'SELECT title, content FROM member_message WHERE member_id = $1 ORDER BY id',
      [memberId],
    )
  ).rows;

describe('paying from the balance', () => {
  it('takes the order’s total from the balance, moves the order to 生产中 and tells the member', async () => {
    const { t } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    await fund(p, m.id, order.total + 1000);
    const res = await pay(t, m, order, 'balance');
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({
      orderId: order.id,
      status: 'paid',
      total: order.total,
      balanceAmount: order.total,
      onlineAmount: 0,
      payment: null,
    });
    expect(await statusOf(t, order.id)).toBe('inProduction');
    expect(await balancesOf(t, m.id)).toEqual({ balance: 1000, gift: 0, held: 0 });
    const log = (await processRows(t, order.id)).at(-1)!;
    expect(log).toMatchObject({ action: 'pay', from_status: 'awaitingPayment', actor: '会员' });
    expect((await messages(m.id)).map((x) => x.title)).toContain('订单付款成功');
    const info = await t.get<{ balance: number }>('/api/MemberInfo/Get', { token: m.token });
    expect(info.body.data.balance).toBe(1000);
    await expectBooksClean(t);
  });

  it('pays the server’s total whatever the page sends, and each kind through its own Pay', async () => {
    const { t } = p;
    for (const kind of ['smt', 'stencil'] as const) {
      const m = await payer(t);
      const order = await unpaidOrder(p, m, kind);
      await fund(p, m.id, order.total);
      const res = await call(
        t,
        payModule[kind].Pay,
        unchecked({ ...payInput(order.id, 'balance'), amount: 1, total: 1, price: 1 }),
        { token: m.token },
      );
      expect(res.status, res.body.message).toBe(200);
      expect(res.body.data.total).toBe(order.total);
      expect(await balancesOf(t, m.id)).toMatchObject({ balance: 0 });
      // Another kind's Pay does not find it.
      const other = kind === 'smt' ? 'stencil' : 'smt';
      const wrong = await call(t, payModule[other].Pay, payInput(order.id, 'balance'), {
        token: m.token,
      });
      expect(wrong.status).toBe(404);
    }
  });

  it('refuses a short balance (400, nothing moves), and a wrong password under its lock', async () => {
    const { t } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    await fund(p, m.id, order.total - 1);
    const short = await pay(t, m, order, 'balance');
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/^余额不足：当前余额¥/);
    expect(await statusOf(t, order.id)).toBe('awaitingPayment');
    expect(await balancesOf(t, m.id)).toMatchObject({ balance: order.total - 1 });

    for (let i = 1; i < PAYMENT_PASSWORD_MAX_FAILURES; i++) {
      const wrong = await pay(t, m, order, 'balance', { paymentPassword: '975310' });
      expect(wrong.status).toBe(400);
      // The refusal names the field, so the pay sheet marks the password boxes.
      expect(wrong.body).toMatchObject({
        success: false,
        message: `支付密码错误，还可尝试${PAYMENT_PASSWORD_MAX_FAILURES - i}次`,
        field: 'paymentPassword',
      });
    }
    const locking = await pay(t, m, order, 'balance', { paymentPassword: '975310' });
    expect(locking.status).toBe(429);
    expect(locking.body.field).toBe('paymentPassword');
    // Locked: even the right password is refused now.
    await fund(p, m.id, 10);
    const locked = await pay(t, m, order, 'balance');
    expect(locked.status).toBe(429);
    expect(await statusOf(t, order.id)).toBe('awaitingPayment');
  });

  it('refuses an order not waiting for payment with the lifecycle’s reason (409)', async () => {
    const { t } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    await fund(p, m.id, order.total * 2);
    expect((await pay(t, m, order, 'balance')).status).toBe(200);
    const again = await pay(t, m, order, 'balance');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(orderStatusRefusal('pay', 'inProduction'));
    expect(await balancesOf(t, m.id)).toMatchObject({ balance: order.total });
  });
});

describe('paying from the gift balance', () => {
  it('pays a whole order from the gift balance with the payment password', async () => {
    const { t } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m, 'stencil');
    await fund(p, m.id, order.total, 'gift');
    await fund(p, m.id, 500);
    const res = await pay(t, m, order, 'gift');
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ giftAmount: order.total, balanceAmount: 0 });
    expect(await balancesOf(t, m.id)).toEqual({ balance: 500, gift: 0, held: 0 });
    const logs = await call(t, MemberAdvancePayment.GetGiftPaymentLogs, {}, { token: m.token });
    expect(logs.body.data.items.map((l) => [l.type, l.amount, l.balanceAfter])).toEqual([
      ['pay', -order.total, 0],
      ['adjustment', order.total, order.total],
    ]);
  });
});

describe('paying online', () => {
  it('answers how to start the provider’s payment; only the provider’s verified notify pays', async () => {
    const { t, alipay } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    const res = await pay(t, m, order, 'online', { channel: 'alipay' });
    expect(res.status, res.body.message).toBe(200);
    const payment = res.body.data.payment!;
    expect(res.body.data).toMatchObject({ status: 'pending', onlineAmount: order.total });
    expect(payment).toMatchObject({ channel: 'alipay', scene: 'h5', amount: order.total });
    expect(payment.launch).toEqual({
      kind: 'redirect',
      url: `https://cashier.fake/alipay?out_trade_no=${payment.outTradeNo}`,
    });
    // The provider sends the browser back to the result screens, which the addresses tell
    // which payment of which provider to ask about; leaving the cashier lands on payFail.
    const ref = `id=${order.id}&kind=pcb&channel=alipay&outTradeNo=${payment.outTradeNo}`;
    expect(alipay.createdWith(payment.outTradeNo)).toMatchObject({
      returnUrl: `${t.config.publicOrigins[0]}/TheOrders/paySuccess?${ref}`,
      quitUrl: `${t.config.publicOrigins[0]}/TheOrders/payFail?${ref}&reason=cancelled`,
    });
    // The browser coming back proves nothing: still unpaid.
    const asked = await call(
      t,
      AlipayOrder.Get,
      { outTradeNo: payment.outTradeNo },
      { token: m.token },
    );
    expect(asked.body.data).toMatchObject({ status: 'pending', outcome: null });
    expect(await statusOf(t, order.id)).toBe('awaitingPayment');

    const reply = await notify(t, 'alipay', alipay.pay(payment.outTradeNo));
    expect(reply).toEqual({ status: 200, body: 'success' });
    expect(await statusOf(t, order.id)).toBe('inProduction');
    const after = await call(
      t,
      AlipayOrder.Get,
      { outTradeNo: payment.outTradeNo },
      { token: m.token },
    );
    expect(after.body.data).toMatchObject({
      status: 'paid',
      outcome: 'paidOrder',
      orderId: order.id,
      kind: 'pcb',
    });
    const log = (await processRows(t, order.id)).at(-1)!;
    expect(log).toMatchObject({ action: 'pay', actor: '系统' });
    await expectBooksClean(t);
  });

  it('learns of a payment whose notify never came by asking the provider (AlipayOrder/Get)', async () => {
    const { t, wechat } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    const res = await pay(t, m, order, 'online', { channel: 'wechat' });
    const { outTradeNo } = res.body.data.payment!;
    wechat.pay(outTradeNo); // the notify is lost
    const asked = await call(t, WechatPayOrder.Get, { outTradeNo }, { token: m.token });
    expect(asked.body.data).toMatchObject({ status: 'paid', outcome: 'paidOrder' });
    expect(await statusOf(t, order.id)).toBe('inProduction');
    // The wrong provider's look-up does not know it.
    expect((await call(t, AlipayOrder.Get, { outTradeNo }, { token: m.token })).status).toBe(404);
    await expectBooksClean(t);
  });

  it('pays in WeChat’s browser with the member’s sealed identity, never without it', async () => {
    const { t } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    const base = {
      ...payInput(order.id, 'online', { channel: 'wechat' }),
      scene: 'jsapi' as const,
    };
    const without = await call(t, payModule.pcb.Pay, base, { token: m.token });
    expect(without.status).toBe(400);
    expect(without.body.field).toBe('wxOpenId');
    const seal = createOpenIdSeal(t.app.platform.deriveKey('wechat-openid-seal'));
    const wxOpenId = seal.seal({ appId: 'wx-sandbox', openId: 'o-member-1' });
    const res = await call(t, payModule.pcb.Pay, { ...base, wxOpenId }, { token: m.token });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data.payment!.launch.kind).toBe('jsapi');
    // Alipay has no JSAPI.
    const alipay = await call(
      t,
      payModule.pcb.Pay,
      { ...payInput(order.id, 'online', { channel: 'alipay' }), scene: 'jsapi', wxOpenId },
      { token: m.token },
    );
    expect(alipay.status).toBe(400);
  });

  it('holds all of the balance with balanceOnline, captures it on payment', async () => {
    const { t, alipay } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    await fund(p, m.id, 1000);
    const res = await pay(t, m, order, 'balanceOnline', { channel: 'alipay' });
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'pending',
      balanceAmount: 1000,
      onlineAmount: order.total - 1000,
    });
    expect(res.body.data.payment!.amount).toBe(order.total - 1000);
    expect(await balancesOf(t, m.id)).toEqual({ balance: 0, gift: 0, held: 1000 });
    await notify(t, 'alipay', alipay.pay(res.body.data.payment!.outTradeNo));
    expect(await statusOf(t, order.id)).toBe('inProduction');
    expect(await balancesOf(t, m.id)).toEqual({ balance: 0, gift: 0, held: 0 });
    const logs = await call(t, MemberAdvancePayment.GetLogs, { type: 'pay' }, { token: m.token });
    expect(logs.body.data.items.map((l) => l.parts)).toEqual([
      [{ name: '余额（冻结）', amount: 1000 }],
      [{ name: '支付宝', amount: order.total - 1000 }],
    ]);
    await expectBooksClean(t);
  });

  it('gives the held balance back when the online part expires unpaid, or is replaced', async () => {
    const { t, alipay } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    await fund(p, m.id, 2000);
    const first = await pay(t, m, order, 'balanceOnline', { channel: 'alipay' });
    expect(await balancesOf(t, m.id)).toMatchObject({ balance: 0, held: 2000 });
    // A second try (WeChat this time) replaces the first: its hold comes back, is held again.
    const second = await pay(t, m, order, 'balanceOnline', { channel: 'wechat' });
    expect(second.status, second.body.message).toBe(200);
    expect(await balancesOf(t, m.id)).toMatchObject({ balance: 0, held: 2000 });
    await runPaymentJobs(t);
    const firstNo = first.body.data.payment!.outTradeNo;
    expect(alipay.created().find((c) => c.outTradeNo === firstNo)?.status).toBe('closed');
    // Time is up for the second: closed at the provider, the balance is back.
    await runPaymentJobs(t, { expire: true });
    expect(await balancesOf(t, m.id)).toEqual({ balance: 2000, gift: 0, held: 0 });
    expect(await statusOf(t, order.id)).toBe('awaitingPayment');
    await expectBooksClean(t);
  });

  it('closes the attempt and gives the hold back when the provider cannot create it (503)', async () => {
    const { t, alipay } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    await fund(p, m.id, 100);
    alipay.failNext.add('create');
    const input = payInput(order.id, 'balanceOnline', { channel: 'alipay' });
    const failed = await call(t, payModule.pcb.Pay, input, { token: m.token });
    expect(failed.status).toBe(503);
    expect(await balancesOf(t, m.id)).toEqual({ balance: 100, gift: 0, held: 0 });
    // The same request id may be tried again: it starts afresh.
    const retried = await call(t, payModule.pcb.Pay, input, { token: m.token });
    expect(retried.status, retried.body.message).toBe(200);
    expect(await balancesOf(t, m.id)).toMatchObject({ balance: 0, held: 100 });
  });
});

describe('request ids', () => {
  it('answers a retry with the first answer and moves the money once', async () => {
    const { t } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    await fund(p, m.id, order.total * 3);
    const input = payInput(order.id, 'balance');
    const first = await call(t, payModule.pcb.Pay, input, { token: m.token });
    const again = await call(t, payModule.pcb.Pay, input, { token: m.token });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    const parallel = await Promise.all(
      Array.from({ length: 5 }, () => call(t, payModule.pcb.Pay, input, { token: m.token })),
    );
    expect(parallel.map((r) => r.body.data)).toEqual(Array(5).fill(first.body.data));
    expect(await balancesOf(t, m.id)).toMatchObject({ balance: order.total * 2 });

    const online = payInput(order.id, 'online', { channel: 'alipay' });
    const other = await unpaidOrder(p, m);
    const o1 = await call(t, payModule.pcb.Pay, { ...online, id: other.id }, { token: m.token });
    const o2 = await call(t, payModule.pcb.Pay, { ...online, id: other.id }, { token: m.token });
    expect(o2.body.data).toEqual(o1.body.data);
    // The same id for another request is refused.
    const reused = await call(
      t,
      payModule.pcb.Pay,
      { ...online, id: order.id },
      { token: m.token },
    );
    expect(reused.status).toBe(409);
    expect(reused.body.field).toBe('requestId');
  });
});

describe('whose order', () => {
  it('refuses another member’s order and payment (404), and logs it', async () => {
    const { t, alipay } = p;
    const owner = await payer(t);
    const stranger = await payer(t);
    const order = await unpaidOrder(p, owner);
    await fund(p, stranger.id, order.total);
    for (const method of ['balance', 'gift', 'online', 'balanceOnline'] as const) {
      const res = await pay(t, stranger, order, method, { channel: 'alipay' });
      expect(res.status, method).toBe(404);
      expect(res.body.message).toBe('订单不存在');
    }
    const mine = await pay(t, owner, order, 'online', { channel: 'alipay' });
    const { outTradeNo } = mine.body.data.payment!;
    const peek = await call(t, AlipayOrder.Get, { outTradeNo }, { token: stranger.token });
    expect(peek.status).toBe(404);
    expect(alipay.calls.query).toBeGreaterThanOrEqual(0);
    const warned = p.warnings().map((w) => [w.msg, w.orderId ?? w.outTradeNo]);
    expect(warned).toContainEqual(['payment: refused to pay another member’s order', order.id]);
    expect(warned).toContainEqual(['payment: refused another member’s payment', outTradeNo]);
    expect(await balancesOf(t, stranger.id)).toMatchObject({ balance: order.total });
  });

  it('lets a switched session pay its colleague’s order online only', async () => {
    const { t, alipay } = p;
    const main = await payer(t);
    const colleague = await payer(t);
    await t.database.pool.query(
      `INSERT INTO member_relation (main_member_id, related_member_id, status, created_at, decided_at)
       VALUES ($1, $2, 'approved', now(), now())`,
      [main.id, colleague.id],
    );
    const switched = await t.get<{ accessToken: string }>(
      '/api/MemberRelationApprove/SwitchMember',
      {
        token: main.token,
        query: { id: String(colleague.id) },
      },
    );
    expect(switched.status, switched.body.message).toBe(200);
    const token = switched.body.data.accessToken;
    const order = await unpaidOrder(p, colleague);
    await fund(p, colleague.id, order.total);
    for (const method of ['balance', 'gift', 'balanceOnline'] as const) {
      const res = await pay(t, { token }, order, method, { channel: 'alipay' });
      expect(res.status, method).toBe(403);
    }
    const online = await pay(t, { token }, order, 'online', { channel: 'alipay' });
    expect(online.status, online.body.message).toBe(200);
    await notify(t, 'alipay', alipay.pay(online.body.data.payment!.outTradeNo));
    expect(await statusOf(t, order.id)).toBe('inProduction');
    const { rows } = await t.database.pool.query(
      'SELECT member_id, payer_member_id FROM payment_attempt WHERE out_trade_no = $1',
      [online.body.data.payment!.outTradeNo],
    );
    expect(rows[0]).toEqual({ member_id: colleague.id, payer_member_id: main.id });
    // The colleague's balance is untouched; top-up is the account owner's.
    expect(await balancesOf(t, colleague.id)).toMatchObject({ balance: order.total });
    const topUp = await call(
      t,
      MemberAdvancePayment.Recharge,
      { requestId: randomUUID(), amount: 10_000, channel: 'alipay' },
      { token },
    );
    expect(topUp.status).toBe(403);
  });
});
