import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '@pcb/contract';
import { MemberAdvancePayment } from '@pcb/contract/member-advance-payment';
import { StaffFinance } from '@pcb/contract/staff-finance';
import { StaffLedger } from '@pcb/contract/staff-ledger';
import { StaffOrder } from '@pcb/contract/staff-order';
import { call, unchecked } from './call';
import { auditRows } from './staff-support';
import { bankReference, isoAgo, orderIn, staffPost } from './order-lifecycle-support';
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

/**
 * Finance's lists (decision 0054): payments, provider refunds and one member's ledger, as the
 * console reads them; the console home's finance counts.
 */
let p: PaymentTest;
beforeAll(async () => {
  p = await paymentTest();
});
afterAll(async () => p?.t.close());

const asFinance = {
  get staff() {
    return p.staff.finance;
  },
};
const payments = (input: Parameters<typeof call<typeof StaffFinance.ListPayments>>[2]) =>
  call(p.t, StaffFinance.ListPayments, input, asFinance);
const refunds = (input: Parameters<typeof call<typeof StaffFinance.ListRefunds>>[2]) =>
  call(p.t, StaffFinance.ListRefunds, input, asFinance);
const ledger = (input: Parameters<typeof call<typeof StaffFinance.GetMemberLedger>>[2]) =>
  call(p.t, StaffFinance.GetMemberLedger, input, asFinance);

/** Time moves between the steps of a test, so "newest first" has one answer. */
const later = () => p.t.clock.advance(1_000);

/** Today in China, as the filters take it. */
const chinaDay = (offsetDays = 0) =>
  new Date(p.t.clock.now().getTime() + 8 * 3_600_000 + offsetDays * 86_400_000)
    .toISOString()
    .slice(0, 10);

const memberCancel = (m: Member, id: number) =>
  p.t.post('/api/Pcb/Cancel', { id, reason: '客户要求取消' }, { token: m.token });

describe('who may read the books', () => {
  it('admin and finance only: sales, content, engineer and production are refused', async () => {
    const m = await payer(p.t);
    const reads = [
      [StaffFinance.ListPayments, {}],
      [StaffFinance.ListRefunds, {}],
      [StaffFinance.GetMemberLedger, { memberId: m.id }],
    ] as const;
    for (const [endpoint, input] of reads) {
      for (const role of ['admin', 'finance'] as StaffRole[]) {
        const res = await call(p.t, endpoint, input as never, { staff: p.staff[role] });
        expect(res.status, `${endpoint.path} ${role}`).toBe(200);
      }
      for (const role of ['sales', 'content', 'engineer', 'production'] as StaffRole[]) {
        const res = await call(p.t, endpoint, input as never, { staff: p.staff[role] });
        expect(res.status, `${endpoint.path} ${role}`).toBe(403);
        expect(res.body.message).toBe('当前账号没有此操作的权限');
      }
    }
    const member = await call(p.t, StaffFinance.ListPayments, {}, { token: m.token });
    expect(member.status).toBe(401);
  });
});

describe('a member’s ledger', () => {
  it('shows exactly the entries of adjustments, a payment and its refund, with the balances', async () => {
    const { t } = p;
    const m = await payer(t);
    const empty = await ledger({ memberId: m.id });
    expect(empty.status, empty.body.message).toBe(200);
    expect(empty.body.data).toMatchObject({
      items: [],
      total: 0,
      balances: { balance: 0, giftBalance: 0, held: 0 },
      member: { id: m.id },
    });

    const order = await unpaidOrder(p, m);
    await fund(p, m.id, order.total + 700);
    later();
    await fund(p, m.id, 300, 'gift');
    later();
    expect((await pay(t, m, order, 'balance')).status).toBe(200);
    later();
    expect((await memberCancel(m, order.id)).status).toBe(200);

    const res = await ledger({ memberId: m.id });
    expect(res.status, res.body.message).toBe(200);
    const { data } = res.body;
    expect(data.balances).toEqual({ balance: order.total + 700, giftBalance: 300, held: 0 });
    expect(data.total).toBe(4);
    expect(
      data.items.map((e) => [e.account, e.kind, e.kindName, e.amount, e.balanceAfter, e.orderNo]),
    ).toEqual([
      ['balance', 'orderRefund', '订单退款', order.total, order.total + 700, order.orderNo],
      ['balance', 'orderPay', '订单付款', -order.total, 700, order.orderNo],
      ['gift', 'adjustment', '调整', 300, 300, null],
      ['balance', 'adjustment', '调整', order.total + 700, order.total + 700, null],
    ]);
    expect(data.items.map((e) => e.ref)).toEqual([
      `orderRefund:${order.id}`,
      `orderPay:${order.id}`,
      expect.stringMatching(/^adjust:[0-9a-f-]{36}$/),
      expect.stringMatching(/^adjust:[0-9a-f-]{36}$/),
    ]);
    // Who adjusted, and why, for the adjustments only.
    expect(data.items.map((e) => e.staff?.realName ?? null)).toEqual([
      null,
      null,
      'finance员工',
      'finance员工',
    ]);
    expect(data.items[2]!.note).toBe('赠送金额调整：测试充值');

    const gift = await ledger({ memberId: m.id, account: 'gift' });
    expect(gift.body.data.items.map((e) => e.amount)).toEqual([300]);
    expect(gift.body.data.total).toBe(1);
    // The balances are the member's whatever the filter.
    expect(gift.body.data.balances.balance).toBe(order.total + 700);

    const second = await ledger({ memberId: m.id, page: 2, pageSize: 3 });
    expect(second.body.data).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(second.body.data.items.map((e) => e.id)).toEqual([data.items[3]!.id]);

    const tomorrow = await ledger({ memberId: m.id, from: chinaDay(1) });
    expect(tomorrow.body.data.total).toBe(0);
    const today = await ledger({ memberId: m.id, from: chinaDay(), to: chinaDay() });
    expect(today.body.data.total).toBe(4);
    await expectBooksClean(t);
  });

  it('shows the balance held for an online payment and given back when it is replaced', async () => {
    const { t } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    await fund(p, m.id, 1_000);
    later();
    await pay(t, m, order, 'balanceOnline', { channel: 'alipay' });
    later();
    await pay(t, m, order, 'balanceOnline', { channel: 'wechat' });
    const res = await ledger({ memberId: m.id });
    expect(res.body.data.balances).toEqual({ balance: 0, giftBalance: 0, held: 1_000 });
    expect(res.body.data.items.map((e) => [e.account, e.kind, e.amount, e.balanceAfter])).toEqual([
      // The second attempt holds it again…
      ['hold', 'hold', 1_000, 1_000],
      ['balance', 'hold', -1_000, 0],
      // …after the first one's hold came back (a transaction's entries in account order).
      ['hold', 'release', -1_000, 0],
      ['balance', 'release', 1_000, 1_000],
      ['hold', 'hold', 1_000, 1_000],
      ['balance', 'hold', -1_000, 0],
      ['balance', 'adjustment', 1_000, 1_000],
    ]);
  });

  it('answers 404 for a member who does not exist, 400 for days the wrong way round', async () => {
    const missing = await ledger({ memberId: 2_000_000_000 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('会员不存在');
    const m = await payer(p.t);
    const backwards = await ledger({ memberId: m.id, from: chinaDay(), to: chinaDay(-1) });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toContain('结束日期不能早于开始日期');
    const badId = await ledger(unchecked({ memberId: 'x' }));
    expect(badId.status).toBe(400);
  });
});

describe('adjusting with one request id', () => {
  it('adjusts once for 60 parallel sends of one request (a double click, a retry), 60 times for 60', async () => {
    const { t } = p;
    const m = await payer(t);
    const requestId = randomUUID();
    const input = {
      memberId: m.id,
      account: 'balance' as const,
      amount: 1_234,
      reason: '补偿运费',
    };
    const same = await Promise.all(
      Array.from({ length: 60 }, () =>
        call(t, StaffLedger.Adjust, { ...input, requestId }, asFinance),
      ),
    );
    expect(same.map((r) => r.status)).toEqual(Array(60).fill(200));
    expect(same.every((r) => r.body.data.balance === 1_234)).toBe(true);
    const once = await ledger({ memberId: m.id });
    expect(once.body.data.items.map((e) => [e.kind, e.amount])).toEqual([['adjustment', 1_234]]);
    // Every call is audited; one of them moved money, the others say they replayed it.
    const audits = await auditRows(t, `action = 'StaffLedger.Adjust' AND object_id = $1`, [
      String(m.id),
    ]);
    expect(audits).toHaveLength(60);
    expect(audits.filter((a) => a.after?.amount === 1_234)).toHaveLength(1);
    expect(audits.filter((a) => a.after?.replayed === requestId)).toHaveLength(59);

    // The same id for another adjustment (another amount, account, member or reason) is
    // refused, not answered with the first one's balances.
    const other = await payer(t);
    for (const changed of [
      { amount: 4_321 },
      { account: 'gift' as const },
      { memberId: other.id },
      { reason: '另一个原因' },
    ]) {
      const reused = await call(
        t,
        StaffLedger.Adjust,
        { ...input, ...changed, requestId },
        asFinance,
      );
      expect(reused.status).toBe(409);
      expect(reused.body).toMatchObject({ success: false, field: 'requestId' });
    }
    expect(await balancesOf(t, m.id)).toMatchObject({ balance: 1_234, gift: 0 });
    expect(await balancesOf(t, other.id)).toMatchObject({ balance: 0 });

    const many = await Promise.all(
      Array.from({ length: 60 }, () =>
        call(t, StaffLedger.Adjust, { ...input, amount: -10, requestId: randomUUID() }, asFinance),
      ),
    );
    expect(many.map((r) => r.status)).toEqual(Array(60).fill(200));
    expect(await balancesOf(t, m.id)).toMatchObject({ balance: 1_234 - 600 });
    expect((await ledger({ memberId: m.id })).body.data.total).toBe(61);
    await expectBooksClean(t);
  });
});

describe('payments', () => {
  it('lists every way a member paid, newest first, with its state, and filters them', async () => {
    const { t, alipay } = p;
    const m = await payer(t);
    const byBalance = await unpaidOrder(p, m);
    const byGift = await unpaidOrder(p, m, 'smt');
    const byAlipay = await unpaidOrder(p, m, 'stencil');
    const waiting = await unpaidOrder(p, m);
    const byTransfer = await orderIn(t, p.staff, m, 'awaitingPayment');
    await fund(p, m.id, byBalance.total);
    await fund(p, m.id, byGift.total, 'gift');
    later();
    await pay(t, m, byBalance, 'balance');
    later();
    await pay(t, m, byGift, 'gift');
    later();
    const a = await pay(t, m, byAlipay, 'online', { channel: 'alipay' });
    const alipayNo = a.body.data.payment!.outTradeNo;
    await notify(t, 'alipay', alipay.pay(alipayNo));
    later();
    const replaced = await pay(t, m, waiting, 'online', { channel: 'wechat' });
    later();
    const open = await pay(t, m, waiting, 'online', { channel: 'alipay' });
    later();
    const topUp = await call(
      t,
      MemberAdvancePayment.Recharge,
      { requestId: randomUUID(), amount: 5_000, channel: 'wechat' },
      { token: m.token },
    );
    later();
    const recorded = await staffPost(t, p.staff.finance, 'RecordPayment', {
      id: byTransfer.id,
      amount: byTransfer.total,
      bankReference: bankReference(),
      payerName: '深圳华创电子有限公司',
      receivedAt: isoAgo(t, 1),
    });
    expect(recorded.status, recorded.body.message).toBe(200);
    later();
    expect((await memberCancel(m, byBalance.id)).status).toBe(200);

    const res = await payments({ memberId: m.id });
    expect(res.status, res.body.message).toBe(200);
    const rows = res.body.data.items;
    expect(res.body.data.total).toBe(7);
    expect(rows.map((r) => [r.orderNo, r.purpose, r.method, r.amount, r.state])).toEqual([
      [byTransfer.orderNo, 'order', 'offline', byTransfer.total, 'paid'],
      [null, 'recharge', 'wechat', 5_000, 'pending'],
      [waiting.orderNo, 'order', 'alipay', waiting.total, 'pending'],
      [waiting.orderNo, 'order', 'wechat', waiting.total, 'closed'],
      [byAlipay.orderNo, 'order', 'alipay', byAlipay.total, 'paid'],
      [byGift.orderNo, 'order', 'gift', byGift.total, 'paid'],
      // Cancelled after it was paid from the balance: refunded.
      [byBalance.orderNo, 'order', 'balance', byBalance.total, 'refunded'],
    ]);
    expect(rows.every((r) => r.member.id === m.id)).toBe(true);
    const paidOnline = rows[4]!;
    expect(paidOnline.outTradeNo).toBe(alipayNo);
    expect(paidOnline.providerTradeNo).toEqual(expect.any(String));
    expect(paidOnline.paidAt).not.toBeNull();
    expect(rows[3]).toMatchObject({
      outTradeNo: replaced.body.data.payment!.outTradeNo,
      closeReason: '会员重新发起了支付',
      providerTradeNo: null,
      paidAt: null,
    });
    expect(rows[2]).toMatchObject({
      outTradeNo: open.body.data.payment!.outTradeNo,
      expiresAt: expect.any(String),
      scene: 'h5',
    });
    expect(rows[1]!.outTradeNo).toBe(topUp.body.data.outTradeNo);
    expect(rows[0]).toMatchObject({ outTradeNo: null, providerTradeNo: null, scene: null });

    const keysOf = async (input: Record<string, unknown>) =>
      (await payments({ memberId: m.id, ...input })).body.data.items.map((r) => r.key);
    expect(await keysOf({ method: 'alipay' })).toEqual([rows[2]!.key, rows[4]!.key]);
    expect(await keysOf({ method: 'gift' })).toEqual([rows[5]!.key]);
    expect(await keysOf({ method: 'offline' })).toEqual([rows[0]!.key]);
    expect(await keysOf({ state: 'pending' })).toEqual([rows[1]!.key, rows[2]!.key]);
    expect(await keysOf({ state: 'closed' })).toEqual([rows[3]!.key]);
    expect(await keysOf({ state: 'refunded' })).toEqual([rows[6]!.key]);
    expect(await keysOf({ state: 'paid' })).toEqual([rows[0]!.key, rows[4]!.key, rows[5]!.key]);
    expect(await keysOf({ purpose: 'recharge' })).toEqual([rows[1]!.key]);
    expect(await keysOf({ orderNo: waiting.orderNo })).toEqual([rows[2]!.key, rows[3]!.key]);
    expect(await keysOf({ orderNo: ` ${byGift.orderNo.toLowerCase()} ` })).toEqual([rows[5]!.key]);
    expect(await keysOf({ orderNo: 'P00000000000000' })).toEqual([]);
    expect(await keysOf({ method: 'gift', state: 'pending' })).toEqual([]);
    expect(await keysOf({ from: chinaDay(), to: chinaDay() })).toHaveLength(7);
    expect(await keysOf({ from: chinaDay(1) })).toEqual([]);
    expect(await keysOf({ to: chinaDay(-1) })).toEqual([]);

    // Pages: every row once, in order, the total on each.
    const paged = [];
    for (let page = 1; page <= 4; page++) {
      const one = await payments({ memberId: m.id, page, pageSize: 2 });
      expect(one.body.data.total).toBe(7);
      paged.push(...one.body.data.items.map((r) => r.key));
    }
    expect(paged).toEqual(rows.map((r) => r.key));

    // Unfiltered, other members' payments are there too.
    const all = await payments({ pageSize: 100 });
    expect(all.body.data.total).toBeGreaterThanOrEqual(7);
    expect(all.body.data.items.map((r) => r.key)).toEqual(
      expect.arrayContaining(rows.map((r) => r.key)),
    );
    await expectBooksClean(t);
  });

  it('refuses what is no filter: an unknown method or state, days the wrong way round', async () => {
    for (const input of [
      { method: 'cash' },
      { state: 'lost' },
      { orderNo: 'P2026;DROP' },
      { from: '2026-13-01' },
      { from: '2026-11-02', to: '2026-11-01' },
      { pageSize: 101 },
    ]) {
      const res = await payments(unchecked(input));
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.success).toBe(false);
    }
  });
});

describe('refunds', () => {
  it('lists the provider refunds with who caused them and how they stand', async () => {
    const { t, alipay, wechat } = p;
    const m = await payer(t);
    const byMember = await unpaidOrder(p, m);
    const byStaff = await unpaidOrder(p, m, 'smt');
    const twice = await unpaidOrder(p, m, 'stencil');

    const a = await pay(t, m, byMember, 'online', { channel: 'alipay' });
    await notify(t, 'alipay', alipay.pay(a.body.data.payment!.outTradeNo));
    const w = await pay(t, m, byStaff, 'online', { channel: 'wechat' });
    await notify(t, 'wechat', wechat.pay(w.body.data.payment!.outTradeNo));
    // Paid online and, meanwhile, from the balance: the online money goes back.
    const d = await pay(t, m, twice, 'online', { channel: 'alipay' });
    await fund(p, m.id, twice.total);
    await pay(t, m, twice, 'balance');
    later();
    await notify(t, 'alipay', alipay.pay(d.body.data.payment!.outTradeNo));
    later();
    expect((await memberCancel(m, byMember.id)).status).toBe(200);
    later();
    const cancelled = await staffPost(t, p.staff.sales, 'Cancel', {
      id: byStaff.id,
      reason: '工厂产能不足，与客户协商取消',
    });
    expect(cancelled.status, cancelled.body.message).toBe(200);

    const res = await refunds({ memberId: m.id });
    expect(res.status, res.body.message).toBe(200);
    const rows = res.body.data.items;
    expect(
      rows.map((r) => [r.orderNo, r.kind, r.channel, r.amount, r.state, r.requestedBy]),
    ).toEqual([
      [byStaff.orderNo, 'orderCancel', 'wechat', byStaff.total, 'pending', 'sales员工'],
      [byMember.orderNo, 'orderCancel', 'alipay', byMember.total, 'pending', '会员'],
      [twice.orderNo, 'duplicate', 'alipay', twice.total, 'pending', '系统'],
    ]);
    expect(rows[0]).toMatchObject({
      reason: '订单取消退款',
      outTradeNo: w.body.data.payment!.outTradeNo,
      submittedAt: null,
      settledAt: null,
      providerRefundNo: null,
    });
    expect(rows[2]!.orderId).toBe(twice.id);

    // The providers are asked; WeChat's refund fails for good and goes to the balance instead.
    wechat.refundOutcome = 'failed';
    await runPaymentJobs(t);
    wechat.refundOutcome = 'success';
    const settled = (await refunds({ memberId: m.id })).body.data.items;
    expect(settled.map((r) => r.state)).toEqual(['failed', 'success', 'success']);
    expect(settled[1]!.submittedAt).not.toBeNull();
    expect(settled[1]!.settledAt).not.toBeNull();

    const idsOf = async (input: Record<string, unknown>) =>
      (await refunds({ memberId: m.id, ...input })).body.data.items.map((r) => r.id);
    expect(await idsOf({ state: 'failed' })).toEqual([settled[0]!.id]);
    expect(await idsOf({ state: 'pending' })).toEqual([]);
    expect(await idsOf({ channel: 'alipay' })).toEqual([settled[1]!.id, settled[2]!.id]);
    expect(await idsOf({ orderNo: twice.orderNo })).toEqual([settled[2]!.id]);
    expect(await idsOf({ orderNo: 'S00000000000000' })).toEqual([]);
    expect(await idsOf({ from: chinaDay(1) })).toEqual([]);
    const second = await refunds({ memberId: m.id, page: 2, pageSize: 2 });
    expect(second.body.data.total).toBe(3);
    expect(second.body.data.items.map((r) => r.id)).toEqual([settled[2]!.id]);
    await expectBooksClean(t);
  });
});

describe('the console home’s finance counts', () => {
  it('counts refunds and online payments waiting on a provider, for admin and finance only', async () => {
    const { t } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    await pay(t, m, order, 'online', { channel: 'wechat' });
    const { rows } = await t.database.pool.query<{ refunds: number; payments: number }>(
      `SELECT (SELECT count(*)::int FROM payment_refund WHERE status = 'pending') AS refunds,
              (SELECT count(*)::int FROM payment_attempt WHERE status = 'open') AS payments`,
    );
    const expected = [
      { key: 'refundsPending', label: '原路退款待确认', count: rows[0]!.refunds },
      { key: 'paymentsPending', label: '在线支付待确认', count: rows[0]!.payments },
    ];
    expect(rows[0]!.payments).toBeGreaterThan(0);
    for (const role of ['finance', 'admin'] as const) {
      const res = await call(t, StaffOrder.GetWorkQueue, {}, { staff: p.staff[role] });
      expect(res.body.data.finance, role).toEqual(expected);
    }
    const finance = await call(t, StaffOrder.GetWorkQueue, {}, { staff: p.staff.finance });
    expect(finance.body.data.queues.map((q) => q.key)).toEqual(['awaitingPayment']);
    for (const role of ['production', 'engineer', 'sales'] as const) {
      const res = await call(t, StaffOrder.GetWorkQueue, {}, { staff: p.staff[role] });
      expect(res.body.data.finance, role).toEqual([]);
    }
  });
});
