import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
  uncappedPasswordTries,
  unpaidOrder,
  type PaymentTest,
} from './payment-support';

vi.setConfig({ testTimeout: 180_000 });

let p: PaymentTest;
beforeAll(async () => {
  p = await paymentTest({ wrapStore: uncappedPasswordTries });
});
afterAll(async () => p?.t.close());

describe('50 payments at once', () => {
  it('of one order, through the balance and both providers: it is paid once, the money moves once', async () => {
    const { t, alipay, wechat } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    await fund(p, m.id, order.total);
    const methods = Array.from({ length: 50 }, (_, i) =>
      i % 3 === 0 ? ('balance' as const) : i % 3 === 1 ? ('alipay' as const) : ('wechat' as const),
    );
    const answers = await Promise.all(
      methods.map((how) =>
        how === 'balance'
          ? pay(t, m, order, 'balance')
          : pay(t, m, order, 'online', { channel: how }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    // Every payment page the members opened is paid, each notify sent twice, at once.
    const created = answers.flatMap((a) => (a.body.data?.payment ? [a.body.data.payment] : []));
    const notifies = created.flatMap(({ channel, outTradeNo }) => {
      const sent = p.fake(channel).pay(outTradeNo);
      return [notify(t, channel, sent), notify(t, channel, sent)];
    });
    await Promise.all(notifies);
    await runPaymentJobs(t);
    await runPaymentJobs(t);

    expect(await statusOf(t, order.id)).toBe('inProduction');
    const { rows: paid } = await t.database.pool.query<{ method: string; total_fen: number }>(
      'SELECT method, total_fen FROM order_payment WHERE order_id = $1',
      [order.id],
    );
    expect(paid).toHaveLength(1);
    expect(paid[0]!.total_fen).toBe(order.total);
    const { rows: account } = await t.database.pool.query<{ balance: string }>(
      'SELECT balance::text FROM ledger_account WHERE key = $1',
      [`order:${order.id}`],
    );
    expect(Number(account[0]!.balance)).toBe(order.total);
    const byBalance = paid[0]!.method === 'balance';
    expect(await balancesOf(t, m.id)).toEqual({
      balance: byBalance ? 0 : order.total,
      gift: 0,
      held: 0,
    });
    // Every provider payment but the one that paid (if one did) went back.
    const refunded = [...alipay.refunds(), ...wechat.refunds()].filter((r) =>
      created.some((c) => c.outTradeNo === r.outTradeNo),
    );
    expect(refunded).toHaveLength(created.length - (byBalance ? 0 : 1));
    expect(refunded.every((r) => r.status === 'success')).toBe(true);
    await expectBooksClean(t);
    console.log(
      `one order, 50 payments at once: ${statuses.filter((s) => s === 200).length} answered 200, ` +
        `${statuses.filter((s) => s === 409).length} 409; ${created.length} provider payments paid, ` +
        `1 applied (${paid[0]!.method}), ${refunded.length} refunded`,
    );
  });

  it('of 50 orders that together exceed the balance: never below zero, the sum holds', async () => {
    const { t } = p;
    const m = await payer(t);
    const orders = [];
    for (let i = 0; i < 50; i++)
      orders.push(await unpaidOrder(p, m, i % 5 === 0 ? 'stencil' : 'pcb'));
    const need = orders.reduce((sum, o) => sum + o.total, 0);
    const start = Math.floor(need * 0.4);
    await fund(p, m.id, start);
    const answers = await Promise.all(orders.map((o) => pay(t, m, o, 'balance')));
    const ok = answers.filter((a) => a.status === 200);
    const short = answers.filter((a) => a.status === 400);
    expect(ok.length + short.length).toBe(50);
    expect(short.every((a) => a.body.message.startsWith('余额不足'))).toBe(true);
    const spent = ok.reduce((sum, a) => sum + a.body.data.total, 0);
    const { balance } = await balancesOf(t, m.id);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance + spent).toBe(start);
    // What was refused could not have been paid from what was left.
    const cheapest = Math.min(...orders.map((o) => o.total));
    expect(balance).toBeLessThan(cheapest);
    for (const [i, a] of answers.entries()) {
      expect(await statusOf(t, orders[i]!.id)).toBe(
        a.status === 200 ? 'inProduction' : 'awaitingPayment',
      );
    }
    await expectBooksClean(t);
    console.log(
      `50 orders, balance for 40% of them: ${ok.length} paid, ${short.length} refused 余额不足, ` +
        `¥${(start / 100).toFixed(2)} = ¥${(spent / 100).toFixed(2)} spent + ¥${(balance / 100).toFixed(2)} left`,
    );
  });
});
