import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemberAdvancePayment } from '@pcb/contract/member-advance-payment';
import { call } from './call';
import {
  bankReference,
  isoAgo,
  orderIn,
  recordSteps,
  staffPost,
  statusOf,
} from './order-lifecycle-support';
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
  type Member,
  type PaymentTest,
} from './payment-support';

let p: PaymentTest;
beforeAll(async () => {
  p = await paymentTest();
});
afterAll(async () => p?.t.close());

const memberCancel = (m: Member, id: number) =>
  p.t.post('/api/Pcb/Cancel', { id, reason: '客户要求取消' }, { token: m.token });
const staffCancel = (id: number) =>
  staffPost(p.t, p.staff.sales, 'Cancel', { id, reason: '工厂产能不足，与客户协商取消' });

async function refundTxns(orderId: number) {
  const { rows } = await p.t.database.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ledger_txn WHERE ref = 'orderRefund:' || $1`,
    [orderId],
  );
  return rows[0]!.n;
}

describe('cancelling a paid order refunds it to where the money came from', () => {
  it('the member cancels before production: the balance comes back, once, and the logs say so', async () => {
    const { t } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    await fund(p, m.id, order.total);
    await pay(t, m, order, 'balance');
    expect(await balancesOf(t, m.id)).toMatchObject({ balance: 0 });
    const res = await memberCancel(m, order.id);
    expect(res.status, res.body.message).toBe(200);
    expect(await statusOf(t, order.id)).toBe('cancelled');
    expect(await balancesOf(t, m.id)).toEqual({ balance: order.total, gift: 0, held: 0 });
    expect(await refundTxns(order.id)).toBe(1);
    const logs = await call(t, MemberAdvancePayment.GetLogs, {}, { token: m.token });
    expect(logs.body.data.items.map((l) => [l.type, l.direction, l.amount])).toEqual([
      ['refund', 'in', order.total],
      ['pay', 'out', order.total],
      ['adjustment', 'in', order.total],
    ]);
    const refunds = await call(
      t,
      MemberAdvancePayment.GetLogs,
      { type: 'refund' },
      { token: m.token },
    );
    expect(refunds.body.data.total).toBe(1);
    const { rows } = await t.database.pool.query<{ title: string; content: string }>(
      `SELECT title, content FROM member_message WHERE member_id = $1 AND title = '订单已退款'`,
      [m.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.content).toContain('余额¥');
    await expectBooksClean(t);
  });

  it('not once the factory has started on it; staff may still cancel it with a reason', async () => {
    const { t } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    await fund(p, m.id, order.total, 'gift');
    await pay(t, m, order, 'gift');
    await recordSteps(t, p.staff, order.id, 'pcb', 2);
    const refused = await memberCancel(m, order.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('订单已开始生产，不能取消订单');
    const res = await staffCancel(order.id);
    expect(res.status, res.body.message).toBe(200);
    expect(await balancesOf(t, m.id)).toEqual({ balance: 0, gift: order.total, held: 0 });
    await expectBooksClean(t);
  });

  it('an online payment goes back through its provider; a held balance part to the balance', async () => {
    const { t, alipay, wechat } = p;
    const m = await payer(t);
    const online = await unpaidOrder(p, m);
    const mixed = await unpaidOrder(p, m, 'smt');
    const a = await pay(t, m, online, 'online', { channel: 'alipay' });
    await notify(t, 'alipay', alipay.pay(a.body.data.payment!.outTradeNo));
    await fund(p, m.id, 500);
    const w = await pay(t, m, mixed, 'balanceOnline', { channel: 'wechat' });
    await notify(t, 'wechat', wechat.pay(w.body.data.payment!.outTradeNo));
    expect(await statusOf(t, mixed.id)).toBe('inProduction');

    expect((await memberCancel(m, online.id)).status).toBe(200);
    expect((await staffCancel(mixed.id)).status).toBe(200);
    expect(await balancesOf(t, m.id)).toEqual({ balance: 500, gift: 0, held: 0 });
    // Until the providers confirm, the money is on its way back.
    await expectBooksClean(t);
    await runPaymentJobs(t);
    expect(alipay.refunds()).toContainEqual(
      expect.objectContaining({
        outTradeNo: a.body.data.payment!.outTradeNo,
        refundFen: online.total,
      }),
    );
    expect(wechat.refunds()).toContainEqual(
      expect.objectContaining({
        outTradeNo: w.body.data.payment!.outTradeNo,
        refundFen: mixed.total - 500,
        status: 'success',
      }),
    );
    const { rows } = await t.database.pool.query<{ key: string; balance: string }>(
      `SELECT key, balance::text FROM ledger_account WHERE key = ANY($1)`,
      [[`order:${online.id}`, `order:${mixed.id}`, 'refund:alipay', 'refund:wechat']],
    );
    expect(rows.every((r) => r.balance === '0')).toBe(true);
    await expectBooksClean(t);
  });

  it('an offline transfer comes back as balance (finance pays it out on request)', async () => {
    const { t } = p;
    const m = await payer(t);
    const order = await orderIn(t, p.staff, m, 'awaitingPayment');
    const recorded = await staffPost(t, p.staff.finance, 'RecordPayment', {
      id: order.id,
      amount: order.total,
      bankReference: bankReference(),
      payerName: '深圳华创电子有限公司',
      receivedAt: isoAgo(t, 10),
    });
    expect(recorded.status).toBe(200);
    await expectBooksClean(t);
    expect((await staffCancel(order.id)).status).toBe(200);
    expect(await balancesOf(t, m.id)).toEqual({ balance: order.total, gift: 0, held: 0 });
    await expectBooksClean(t);
  });

  it('waits for a payment holding the member’s balance without holding what it needs next', async () => {
    // A payment locks the member's accounts, then its payment row's triggers update the
    // member's month (member_paid_month). A cancel that marked its refunded payment first held
    // that month while it waited for the balance: a deadlock, one of the two failed.
    const { t } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    await fund(p, m.id, order.total);
    await pay(t, m, order, 'balance');
    const payment = await t.database.pool.connect();
    try {
      await payment.query('BEGIN');
      await payment.query(`SELECT 1 FROM ledger_account WHERE key = $1 FOR UPDATE`, [`mb:${m.id}`]);
      const cancelled = memberCancel(m, order.id);
      // The cancel is waiting for the balance…
      for (let waited = 0; ; waited += 20) {
        const { rows } = await t.database.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        if (rows[0]!.n > 0) break;
        if (waited > 10_000) throw new Error('the cancel never waited for the balance');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // …and the payment goes on to the member's month, as its payment row's trigger does.
      await payment.query(`UPDATE member_paid_month SET paid_fen = paid_fen WHERE member_id = $1`, [
        m.id,
      ]);
      await payment.query('COMMIT');
      const res = await cancelled;
      expect(res.status, res.body.message).toBe(200);
    } finally {
      await payment.query('ROLLBACK').catch(() => undefined);
      payment.release();
    }
    expect(await refundTxns(order.id)).toBe(1);
    expect(await balancesOf(t, m.id)).toEqual({ balance: order.total, gift: 0, held: 0 });
    await expectBooksClean(t);
  });

  it('exactly once when cancels race each other, or a cancel races the provider’s notify', async () => {
    const { t, alipay } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    await fund(p, m.id, order.total);
    await pay(t, m, order, 'balance');
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => memberCancel(m, order.id)),
      ...Array.from({ length: 6 }, () => staffCancel(order.id)),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
    expect(await refundTxns(order.id)).toBe(1);
    expect(await balancesOf(t, m.id)).toEqual({ balance: order.total, gift: 0, held: 0 });

    // The provider's notify and the member's cancel at the same moment, many times over.
    for (let round = 0; round < 6; round++) {
      const o = await unpaidOrder(p, m);
      const started = await pay(t, m, o, 'online', { channel: 'alipay' });
      const paid = alipay.pay(started.body.data.payment!.outTradeNo);
      await Promise.all([
        notify(t, 'alipay', paid),
        memberCancel(m, o.id),
        notify(t, 'alipay', paid),
      ]);
      expect(await statusOf(t, o.id)).toBe('cancelled');
      await runPaymentJobs(t);
      expect(
        alipay.refunds().filter((r) => r.outTradeNo === started.body.data.payment!.outTradeNo),
      ).toHaveLength(1);
    }
    await expectBooksClean(t);
  });
});
