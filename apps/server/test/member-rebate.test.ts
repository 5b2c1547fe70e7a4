import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  belowMinimumMessage,
  CAMPAIGN_SOLD_OUT_MESSAGE,
  campaignLimitMessage,
  COUPON_EXPIRED_MESSAGE,
  COUPON_USED_MESSAGE,
  REGISTER_RECEIVED_MESSAGE,
  wrongServiceMessage,
  type CouponServiceType,
  type OrderKind,
} from '@pcb/contract';
import { MemberRebate } from '@pcb/contract/member-rebate';
import { StaffCoupon } from '@pcb/contract/staff-coupon';
import { call, unchecked } from './call';
import { newMember, staffPost, statusOf } from './order-lifecycle-support';
import {
  balancesOf,
  expectBooksClean,
  fund,
  payInput,
  payModule,
  payer,
  paymentTest,
  uncappedPasswordTries,
  unpaidOrder,
  type PaymentTest,
} from './payment-support';
import { auditRows } from './staff-support';

vi.setConfig({ testTimeout: 180_000 });

let p: PaymentTest;
beforeAll(async () => {
  // Every payer knows the password: the race is for the coupon.
  p = await paymentTest({ wrapStore: uncappedPasswordTries });
});
afterAll(async () => p?.t.close());

const DAY_MS = 86_400_000;
const now = () => p.t.clock.now().getTime();

async function template(
  serviceType: CouponServiceType,
  amount: number,
  minOrderAmount: number,
  validity: { validDays: number } | { validFrom: string; validTo: string } = { validDays: 30 },
) {
  const res = await call(
    p.t,
    StaffCoupon.CreateTemplate,
    {
      name: `测试券${serviceType}${amount}`,
      serviceType,
      amount,
      minOrderAmount,
      ...('validDays' in validity
        ? { validityKind: 'days' as const, validDays: validity.validDays }
        : { validityKind: 'fixed' as const, ...validity }),
    },
    { staff: p.staff.content },
  );
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

async function grant(memberId: number, templateId: number, quantity = 1) {
  const res = await call(
    p.t,
    StaffCoupon.Grant,
    { memberId, templateId, quantity, reason: '测试发放' },
    { staff: p.staff.content },
  );
  expect(res.status, res.body.message).toBe(200);
}

const list = async (token: string, state: 'unused' | 'used' | 'expired' = 'unused') => {
  const res = await call(p.t, MemberRebate.GetList, { state, page: 1, pageSize: 100 }, { token });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
};

const usable = (token: string, kind: OrderKind, orderId: number) =>
  call(
    p.t,
    {
      pcb: MemberRebate.getPcbUseableRebates,
      smt: MemberRebate.getSmtUseableRebates,
      stencil: MemberRebate.getStencilUseableRebates,
    }[kind],
    { orderId },
    { token },
  );

const payWith = (
  token: string,
  order: { id: number; kind: OrderKind },
  couponId: number | undefined,
  method: 'balance' | 'gift' | 'online' = 'balance',
) =>
  call(
    p.t,
    payModule[order.kind].Pay,
    {
      ...payInput(order.id, method, method === 'online' ? { channel: 'alipay' } : {}),
      ...(couponId === undefined ? {} : { couponId }),
    },
    { token },
  );

describe('templates, grants and audit (console)', () => {
  it('运营 creates templates and grants coupons, each audited; finance reads but may not write', async () => {
    const m = await newMember(p.t);
    const tpl = await template('pcb', 1_000, 5_000);
    await grant(m.id, tpl.id, 3);
    const coupons = await list(m.token);
    expect(coupons.total).toBe(3);
    expect(coupons.items[0]).toMatchObject({
      serviceType: 'pcb',
      amount: 1_000,
      state: 'unused',
      source: 'grant',
    });
    expect(
      await auditRows(p.t, `action = 'StaffCoupon.CreateTemplate' AND object_id = $1`, [
        String(tpl.id),
      ]),
    ).toHaveLength(1);
    expect(
      await auditRows(p.t, `action = 'StaffCoupon.Grant' AND object_id = $1`, [String(m.id)]),
    ).toHaveLength(1);

    const refused = await call(
      p.t,
      StaffCoupon.CreateTemplate,
      {
        name: '财务不能建',
        serviceType: 'pcb',
        amount: 100,
        minOrderAmount: 0,
        validityKind: 'days',
        validDays: 3,
      },
      { staff: p.staff.finance },
    );
    expect(refused.status).toBe(403);
    const read = await call(p.t, StaffCoupon.ListTemplates, {}, { staff: p.staff.finance });
    expect(read.status).toBe(200);
    const sales = await call(p.t, StaffCoupon.ListTemplates, {}, { staff: p.staff.sales });
    expect(sales.status).toBe(403);
  });

  it('bad input is a 400 with a Chinese message, never a 5xx', async () => {
    const res = await call(
      p.t,
      StaffCoupon.CreateTemplate,
      unchecked({
        name: 'x',
        serviceType: 'pcb',
        amount: 500,
        minOrderAmount: 100,
        validityKind: 'fixed',
        validFrom: '2026-01-02T00:00:00+08:00',
        validTo: '2026-01-01T00:00:00+08:00',
      }),
      { staff: p.staff.content },
    );
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    const missing = await call(
      p.t,
      StaffCoupon.Grant,
      { memberId: 2_000_000_000, templateId: 1, quantity: 1, reason: 'x' },
      { staff: p.staff.content },
    );
    expect(missing.status).toBe(404);
  });
});

describe('the registration bundle', () => {
  it('is received once, also when 20 receipts arrive at once', async () => {
    const pcb = await template('pcb', 2_000, 10_000);
    const smt = await template('smt', 5_000, 50_000);
    const set = await call(
      p.t,
      StaffCoupon.SetBundle,
      {
        items: [
          { templateId: pcb.id, quantity: 2 },
          { templateId: smt.id, quantity: 1 },
        ],
      },
      { staff: p.staff.content },
    );
    expect(set.status, set.body.message).toBe(200);
    const m = await newMember(p.t);
    const offer = await call(p.t, MemberRebate.GetRegisterRebates, {}, { token: m.token });
    expect(offer.body.data).toMatchObject({ isReceived: false });
    expect(offer.body.data.items.map((i) => [i.serviceType, i.quantity])).toEqual([
      ['pcb', 2],
      ['smt', 1],
    ]);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(p.t, MemberRebate.ReceiveRebate, {}, { token: m.token }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(19);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(REGISTER_RECEIVED_MESSAGE);
    }
    expect((await list(m.token)).total).toBe(3);
    const after = await call(p.t, MemberRebate.GetRegisterRebates, {}, { token: m.token });
    expect(after.body.data.isReceived).toBe(true);
    const again = await call(p.t, MemberRebate.ReceiveRebate, {}, { token: m.token });
    expect(again.status).toBe(400);
  });
});

describe('the claim centre', () => {
  async function campaign(stock: number, perMemberLimit: number) {
    const tpl = await template('pcb', 3_000, 30_000);
    const res = await call(
      p.t,
      StaffCoupon.CreateCampaign,
      {
        name: '测试活动',
        templateId: tpl.id,
        stock,
        perMemberLimit,
        startsAt: new Date(now() - 60_000).toISOString(),
        endsAt: new Date(now() + 10 * DAY_MS).toISOString(),
      },
      { staff: p.staff.content },
    );
    expect(res.status, res.body.message).toBe(200);
    return res.body.data;
  }

  it('100 claims at once never oversell: exactly the stock is claimed', async () => {
    const c = await campaign(30, 2);
    const members = await Promise.all(Array.from({ length: 50 }, () => newMember(p.t)));
    const claims = await Promise.all(
      members
        .flatMap((m) => [m, m])
        .map((m) => call(p.t, MemberRebate.ClaimCampaign, { id: c.id }, { token: m.token })),
    );
    const ok = claims.filter((r) => r.status === 200);
    expect(ok).toHaveLength(30);
    for (const r of claims.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(CAMPAIGN_SOLD_OUT_MESSAGE);
    }
    const { rows } = await p.t.database.pool.query<{ claimed: number; coupons: string }>(
      `SELECT c.claimed, (SELECT count(*) FROM member_coupon m WHERE m.campaign_id = c.id)::text AS coupons
       FROM coupon_campaign c WHERE c.id = $1`,
      [c.id],
    );
    expect(rows[0]).toEqual({ claimed: 30, coupons: '30' });
    const listed = await call(p.t, MemberRebate.GetCampaigns, {}, { token: members[0]!.token });
    expect(listed.body.data.find((x) => x.id === c.id)).toMatchObject({ stockLeft: 0, stock: 30 });
  });

  it('one member claiming 20 at once gets their limit and no more', async () => {
    const c = await campaign(100, 2);
    const m = await newMember(p.t);
    const claims = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(p.t, MemberRebate.ClaimCampaign, { id: c.id }, { token: m.token }),
      ),
    );
    expect(claims.filter((r) => r.status === 200)).toHaveLength(2);
    for (const r of claims.filter((r) => r.status !== 200)) {
      expect(r.body.message).toBe(campaignLimitMessage(2));
    }
    const listed = await call(p.t, MemberRebate.GetCampaigns, {}, { token: m.token });
    expect(listed.body.data.find((x) => x.id === c.id)).toMatchObject({
      remaining: 0,
      stockLeft: 98,
    });
    expect(await statusOfCampaign(c.id)).toBe(2);
    const unknown = await call(
      p.t,
      MemberRebate.ClaimCampaign,
      { id: 2_000_000_000 },
      { token: m.token },
    );
    expect(unknown.status).toBe(404);
  });

  async function statusOfCampaign(id: number) {
    const { rows } = await p.t.database.pool.query<{ claimed: number }>(
      'SELECT claimed FROM coupon_campaign WHERE id = $1',
      [id],
    );
    return rows[0]!.claimed;
  }
});

describe('my coupons', () => {
  it('lists by state with counts; the ones ending within 7 days first and marked', async () => {
    const m = await newMember(p.t);
    const later = await template('pcb', 1_000, 0, { validDays: 30 });
    const soon = await template('smt', 1_000, 0, { validDays: 3 });
    const expired = await template('stencil', 1_000, 0, {
      validFrom: new Date(now() - 10 * DAY_MS).toISOString(),
      validTo: new Date(now() + 30_000).toISOString(),
    });
    await grant(m.id, later.id);
    await grant(m.id, soon.id);
    await grant(m.id, expired.id);
    p.t.clock.advance(60_000);
    const unused = await list(m.token);
    expect(unused.items.map((c) => [c.serviceType, c.isExpiringSoon])).toEqual([
      ['smt', true],
      ['pcb', false],
    ]);
    const gone = await list(m.token, 'expired');
    expect(gone.items.map((c) => [c.serviceType, c.state])).toEqual([['stencil', 'expired']]);
    const num = await call(p.t, MemberRebate.GetNum, {}, { token: m.token });
    expect(num.body.data).toEqual({ unused: 2, used: 0, expired: 1, expiringSoon: 1 });
    const avail = await call(p.t, MemberRebate.GetAvailableNum, {}, { token: m.token });
    expect(avail.body.data).toEqual({ count: 2, expiringSoon: 1 });
    const availList = await call(p.t, MemberRebate.GetAvailableList, {}, { token: m.token });
    expect(availList.body.data.map((c) => c.serviceType)).toEqual(['smt', 'pcb']);
    const bad = await p.t.get('/api/MemberRebate/GetList?state=nope', { token: m.token });
    expect(bad.status).toBe(400);
  });
});

describe('a coupon when paying', () => {
  it('the pay sheet lists the usable best first and the others with why; another member’s order or coupon is 404', async () => {
    const m = await payer(p.t);
    const order = await unpaidOrder(p, m);
    const big = await template('pcb', 2_000, 0);
    const small = await template('pcb', 500, 0);
    const tooHigh = await template('pcb', 1_000, order.total + 5_000);
    const smt = await template('smt', 3_000, 0);
    for (const tpl of [big, small, tooHigh, smt]) await grant(m.id, tpl.id);
    const res = await usable(m.token, 'pcb', order.id);
    expect(res.status, res.body.message).toBe(200);
    const items = res.body.data.items;
    expect(items.map((i) => [i.amount, i.isUsable])).toEqual([
      [2_000, true],
      [500, true],
      [1_000, false],
      [3_000, false],
    ]);
    expect(res.body.data.bestId).toBe(items[0]!.id);
    expect(res.body.data).toMatchObject({ usableCount: 2, unusableCount: 2 });
    expect(items[0]!.deduction).toBe(Math.min(2_000, order.total));
    expect(items[2]!.reason).toBe(belowMinimumMessage(order.total + 5_000, order.total));
    expect(items[2]!.reason).toMatch(/^满¥[\d,.]+可用，当前¥[\d,.]+$/);
    expect(items[3]!.reason).toBe(wrongServiceMessage('smt'));

    const check = await call(
      p.t,
      MemberRebate.CheckPcbCouponUseable,
      { orderId: order.id, couponId: items[0]!.id },
      { token: m.token },
    );
    expect(check.body.data).toMatchObject({
      isUsable: true,
      payable: order.total - items[0]!.deduction,
    });

    const other = await payer(p.t);
    expect((await usable(other.token, 'pcb', order.id)).status).toBe(404);
    const theirs = await call(
      p.t,
      MemberRebate.CheckPcbCouponUseable,
      { orderId: order.id, couponId: items[0]!.id },
      { token: other.token },
    );
    expect(theirs.status).toBe(404);
    const otherOrder = await unpaidOrder(p, other);
    const crossCheck = await call(
      p.t,
      MemberRebate.CheckPcbCouponUseable,
      { orderId: otherOrder.id, couponId: items[0]!.id },
      { token: other.token },
    );
    expect(crossCheck.status).toBe(404);
    await fund(p, other.id, otherOrder.total);
    const stolen = await payWith(other.token, otherOrder, items[0]!.id);
    expect(stolen.status).toBe(404);
    // Layout and BOM: by amount.
    const layout = await template('layout', 10_000, 100_000);
    await grant(m.id, layout.id);
    const byAmount = await call(
      p.t,
      MemberRebate.getLayoutUseableRebates,
      { amount: 50_000 },
      { token: m.token },
    );
    const layoutItem = byAmount.body.data.items.find((i) => i.serviceType === 'layout')!;
    expect(layoutItem.reason).toBe(belowMinimumMessage(100_000, 50_000));
  });

  it('pays with balance less the coupon, in the ledger; a cancel gives the coupon and the money back once', async () => {
    const m = await payer(p.t);
    const order = await unpaidOrder(p, m);
    const tpl = await template('pcb', 1_500, 0);
    await grant(m.id, tpl.id);
    const [coupon] = (await list(m.token)).items;
    await fund(p, m.id, order.total - 1_500);
    const paid = await payWith(m.token, order, coupon!.id);
    expect(paid.status, paid.body.message).toBe(200);
    expect(paid.body.data).toMatchObject({
      status: 'paid',
      balanceAmount: order.total - 1_500,
      couponAmount: 1_500,
    });
    expect(await balancesOf(p.t, m.id)).toMatchObject({ balance: 0 });
    const used = await list(m.token, 'used');
    expect(used.items.map((c) => [c.id, c.orderNo])).toEqual([[coupon!.id, order.orderNo]]);
    const deductions = await call(
      p.t,
      StaffCoupon.ListDeductions,
      { orderId: order.id, page: 1, pageSize: 20 },
      { staff: p.staff.finance },
    );
    expect(deductions.body.data.items.map((d) => [d.orderNo, d.amount, d.returnedAt])).toEqual([
      [order.orderNo, 1_500, null],
    ]);
    await expectBooksClean(p.t);

    const beforeCancel = p.t.clock.now().getTime();
    const cancel = await p.t.post(
      '/api/Pcb/Cancel',
      { id: order.id, reason: '客户要求取消' },
      { token: m.token },
    );
    const afterCancel = p.t.clock.now().getTime();
    expect(cancel.status, cancel.body.message).toBe(200);
    expect(await statusOf(p.t, order.id)).toBe('cancelled');
    expect(await balancesOf(p.t, m.id)).toMatchObject({ balance: order.total - 1_500 });
    const back = await list(m.token);
    expect(back.items.map((c) => [c.id, c.state])).toEqual([[coupon!.id, 'unused']]);
    const returned = await call(
      p.t,
      StaffCoupon.ListDeductions,
      { orderId: order.id, page: 1, pageSize: 20 },
      { staff: p.staff.finance },
    );
    // Given back by the cancel: stamped with its time.
    const returnedAt = new Date(returned.body.data.items[0]!.returnedAt!).getTime();
    expect(returnedAt).toBeGreaterThanOrEqual(beforeCancel);
    expect(returnedAt).toBeLessThanOrEqual(afterCancel);
    await expectBooksClean(p.t);
    // Cancelled again by staff: nothing comes back twice.
    await staffPost(p.t, p.staff.sales, 'Cancel', { id: order.id, reason: '重复取消' });
    expect(await balancesOf(p.t, m.id)).toMatchObject({ balance: order.total - 1_500 });
    await expectBooksClean(p.t);
  });

  it('refuses a coupon under its minimum (online too: decision 0064), or expired', async () => {
    const m = await payer(p.t);
    const order = await unpaidOrder(p, m);
    await fund(p, m.id, order.total);
    const high = await template('pcb', 1_000, order.total + 1);
    await grant(m.id, high.id);
    const [coupon] = (await list(m.token)).items;
    const online = await payWith(m.token, order, coupon!.id, 'online');
    expect(online.status).toBe(400);
    expect(online.body.message).toBe(belowMinimumMessage(order.total + 1, order.total));
    const below = await payWith(m.token, order, coupon!.id);
    expect(below.status).toBe(400);
    expect(below.body.message).toBe(belowMinimumMessage(order.total + 1, order.total));
    expect(await balancesOf(p.t, m.id)).toMatchObject({ balance: order.total });
    const lapsing = await template('pcb', 500, 0, {
      validFrom: new Date(now() - DAY_MS).toISOString(),
      validTo: new Date(now() + 30_000).toISOString(),
    });
    await grant(m.id, lapsing.id);
    p.t.clock.advance(60_000);
    const [lapsed] = (await list(m.token, 'expired')).items;
    const expired = await payWith(m.token, order, lapsed!.id);
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(COUPON_EXPIRED_MESSAGE);
    const check = await call(
      p.t,
      MemberRebate.CheckPcbCouponUseable,
      { orderId: order.id, couponId: lapsed!.id },
      { token: m.token },
    );
    expect(check.body.data).toMatchObject({ isUsable: false, reason: COUPON_EXPIRED_MESSAGE });
  });

  it('a coupon pays at most one order when 50 payments race for it', async () => {
    const m = await payer(p.t);
    const orders = await Promise.all(Array.from({ length: 50 }, () => unpaidOrder(p, m)));
    const total = orders.reduce((sum, o) => sum + o.total, 0);
    await fund(p, m.id, total);
    const tpl = await template('pcb', 1_000, 0);
    await grant(m.id, tpl.id);
    const [coupon] = (await list(m.token)).items;
    const answers = await Promise.all(orders.map((o) => payWith(m.token, o, coupon!.id)));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(1);
    for (const a of answers.filter((a) => a.status !== 200)) {
      expect(a.status).toBe(400);
      expect(a.body.message).toBe(COUPON_USED_MESSAGE);
    }
    const { rows } = await p.t.database.pool.query<{ n: string; sum: string }>(
      `SELECT count(*)::text AS n, coalesce(sum(coupon_fen), 0)::text AS sum FROM order_payment WHERE member_id = $1 AND coupon_fen > 0`,
      [m.id],
    );
    expect(rows[0]).toEqual({ n: '1', sum: '1000' });
    expect(await balancesOf(p.t, m.id)).toMatchObject({
      balance: total - ok[0]!.body.data.balanceAmount,
    });
    await expectBooksClean(p.t);
  });
});

describe('the reconciliation', () => {
  it('reports a coupon deduction the books and the uses disagree on', async () => {
    const m = await payer(p.t);
    const order = await unpaidOrder(p, m);
    const tpl = await template('pcb', 700, 0);
    await grant(m.id, tpl.id);
    const [coupon] = (await list(m.token)).items;
    await fund(p, m.id, order.total);
    expect((await payWith(m.token, order, coupon!.id)).status).toBe(200);
    await expectBooksClean(p.t);
    const pool = p.t.database.pool;
    await pool.query('UPDATE coupon_use SET amount_fen = amount_fen + 1 WHERE order_id = $1', [
      order.id,
    ]);
    const report = await p.t.app.modules.payment.reconcile({ providerDays: 3650 });
    expect(report.differences.map((d) => [d.check, d.subject])).toEqual([
      ['couponUse', `order ${order.id}`],
    ]);
    await pool.query('UPDATE coupon_use SET amount_fen = amount_fen - 1 WHERE order_id = $1', [
      order.id,
    ]);
    await expectBooksClean(p.t);
  });
});
