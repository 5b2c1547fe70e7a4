import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemberCreditPayment, StaffCreditPayment } from '@pcb/contract/member-credit-payment';
import { StaffCoupon } from '@pcb/contract/staff-coupon';
import { call } from './call';
import { uniqueMobile } from './helper';
import { staffPost, statusOf } from './order-lifecycle-support';
import {
  fund,
  payInput,
  payModule,
  payer,
  paymentTest,
  PAY_PASSWORD,
  uncappedPasswordTries,
  unpaidOrder,
  type Member,
  type PaymentTest,
} from './payment-support';
import { addDays, chinaDayOf } from '../src/modules/credit-payment/credit-dates';

vi.setConfig({ testTimeout: 900_000 });

/**
 * The sibling of `payment-model.test.ts` for credit pay and coupons (issue 21): random
 * sequences of credit payments (with or without a coupon), balance payments with a coupon,
 * cancels (refunds: to the credit line, or to the balance once its bill was repaid; the coupon
 * back), the bill job, repaying from the balance, finance raising or lowering the limit (also
 * below what is in use) and top-ups. After every step the ledger's invariants must hold: each
 * account's balance is the sum of its entries, the reconciliation finds nothing, the used
 * credit is what the orders on credit still owe and never above the limit unless finance
 * lowered it below the use (then no credit payment went through since), and a coupon pays at
 * most one order.
 */

const ORDERS = 4;
/** What the runs did, so a run that never reached a path shows it. */
/** Codes sent, each from its own address (the per-address daily cap is not under test). */
let sent = 0;
const seen = { creditPaid: 0, couponPaid: 0, refunds: 0, bills: 0, repaid: 0, cuts: 0 };
const COUPONS = 3;
const M = MemberCreditPayment;

interface ModelOrder {
  id: number;
  total: number;
  status: 'awaitingPayment' | 'inProduction' | 'cancelled';
  coupon: number | null;
}

interface Model {
  orders: ModelOrder[];
  coupons: number[];
  /** Coupon index → the order it pays. */
  couponUsedBy: Map<number, number>;
  /** Months billed so far (each RunBills bills the next month's billing day). */
  months: number;
  /** The used amount when the limit was last lowered below it (null: not over the limit). */
  usedAtCut: number | null;
}

interface Real {
  p: PaymentTest;
  member: Member;
  billingDay: number;
}

let p: PaymentTest;
beforeAll(async () => {
  p = await paymentTest({ wrapStore: uncappedPasswordTries });
});
afterAll(async () => p?.t.close());

async function creditMember(limit: number, billingDay: number): Promise<Member> {
  const m = await payer(p.t);
  await p.t.database.pool.query(
    `UPDATE member SET certified_at = now(), member_type = 'company', company_name = '模型电子' WHERE id = $1`,
    [m.id],
  );
  const apply = await call(
    p.t,
    M.SaveApply,
    {
      companyName: '模型电子有限公司',
      contactName: '张经理',
      contactPhone: '13800000000',
      expectedMonthly: limit,
    },
    { token: m.token },
  );
  const ok = await call(
    p.t,
    StaffCreditPayment.Approve,
    { id: apply.body.data!.id, limit, billingDay },
    { staff: p.staff.finance },
  );
  expect(ok.status, ok.body.message).toBe(200);
  return m;
}

async function couponsFor(memberId: number): Promise<number[]> {
  const tpl = await call(
    p.t,
    StaffCoupon.CreateTemplate,
    {
      name: '模型测试券',
      serviceType: 'pcb',
      amount: 1_500,
      minOrderAmount: 0,
      validityKind: 'days',
      validDays: 30,
    },
    { staff: p.staff.content },
  );
  await call(
    p.t,
    StaffCoupon.Grant,
    { memberId, templateId: tpl.body.data!.id, quantity: COUPONS, reason: '模型测试' },
    { staff: p.staff.content },
  );
  const { rows } = await p.t.database.pool.query<{ id: number }>(
    'SELECT id FROM member_coupon WHERE member_id = $1 ORDER BY id',
    [memberId],
  );
  return rows.map((r) => r.id);
}

// ---- The invariants, after every step ----

async function invariants(model: Model, real: Real) {
  const { t } = real.p;
  const db = t.database.pool;
  // Every account's balance is the sum of its entries.
  const drift = await db.query(
    `SELECT a.key FROM ledger_account a LEFT JOIN ledger_entry e ON e.account_id = a.id
     GROUP BY a.id, a.key, a.balance HAVING a.balance <> coalesce(sum(e.amount), 0)`,
  );
  expect(drift.rows).toEqual([]);
  const report = await t.app.modules.payment.reconcile({ providerDays: 3650 });
  expect(report.differences).toEqual([]);

  // The credit line: what is used is what the orders on credit still owe.
  const account = (await call(t, M.Get, {}, { token: real.member.token })).body.data!;
  const owed = await db.query<{ owed: string }>(
    `SELECT (SELECT coalesce(sum(amount_fen), 0) FROM credit_order
               WHERE member_id = $1 AND bill_id IS NULL AND refunded_at IS NULL)
          + (SELECT coalesce(sum(amount_fen - refunded_fen - repaid_fen), 0) FROM credit_bill
               WHERE member_id = $1 AND status = 'unpaid') AS owed`,
    [real.member.id],
  );
  expect(account.used).toBe(Number(owed.rows[0]!.owed));
  expect(account.used).toBe(account.limit + account.overLimit - account.available);
  expect(account.available).toBeGreaterThanOrEqual(0);
  if (account.overLimit === 0) {
    expect(account.used).toBeLessThanOrEqual(account.limit);
    model.usedAtCut = null;
  } else {
    // Over the limit only by a cut: no credit payment since raised the use.
    expect(model.usedAtCut).not.toBeNull();
    expect(account.used).toBeLessThanOrEqual(model.usedAtCut!);
  }

  // A coupon pays at most one order, and is used exactly while that order's use stands.
  const uses = await db.query<{ coupon_id: number; order_id: number }>(
    `SELECT coupon_id, order_id FROM coupon_use WHERE member_id = $1 AND returned_at IS NULL`,
    [real.member.id],
  );
  const byCoupon = new Map<number, number[]>();
  for (const u of uses.rows)
    byCoupon.set(u.coupon_id, [...(byCoupon.get(u.coupon_id) ?? []), u.order_id]);
  for (const orders of byCoupon.values()) expect(orders).toHaveLength(1);
  const coupons = await db.query<{ id: number; used_order_id: number | null }>(
    'SELECT id, used_order_id FROM member_coupon WHERE member_id = $1',
    [real.member.id],
  );
  for (const c of coupons.rows) {
    expect(c.used_order_id).toBe(byCoupon.get(c.id)?.[0] ?? null);
  }
  for (const [index, couponId] of model.coupons.entries()) {
    const orderIndex = model.couponUsedBy.get(index);
    const row = coupons.rows.find((c) => c.id === couponId)!;
    expect(row.used_order_id).toBe(orderIndex === undefined ? null : model.orders[orderIndex]!.id);
  }
  for (const order of model.orders) expect(await statusOf(t, order.id)).toBe(order.status);
}

type Cmd = fc.AsyncCommand<Model, Real>;
const orderArb = fc.integer({ min: 0, max: ORDERS - 1 });
const couponArb = fc.option(fc.integer({ min: 0, max: COUPONS - 1 }), { nil: null });

/** Takes the coupon in the model when the payment went through. */
function paid(model: Model, index: number, coupon: number | null) {
  const order = model.orders[index]!;
  order.status = 'inProduction';
  order.coupon = coupon;
  if (coupon !== null) model.couponUsedBy.set(coupon, index);
}

class PayOnCredit implements Cmd {
  constructor(
    readonly order: number,
    readonly coupon: number | null,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const { t } = real.p;
    const order = model.orders[this.order]!;
    const mobile = uniqueMobile();
    await t.database.pool.query(
      'INSERT INTO credit_mobile (member_id, mobile, created_at) VALUES ($1, $2, now())',
      [real.member.id, mobile],
    );
    sent++;
    const ip = `10.77.${(sent >> 8) & 255}.${sent & 255}`;
    await t.app.modules.smsCode.send({ mobile, purpose: 'creditPay', ip });
    const before = (await call(t, M.Get, {}, { token: real.member.token })).body.data!;
    const res = await t.post(
      '/api/Pcb/Pay',
      {
        id: order.id,
        method: 'credit',
        requestId: randomUUID(),
        creditMobile: mobile,
        smsCode: await t.lastCode(mobile),
        ...(this.coupon === null ? {} : { couponId: model.coupons[this.coupon] }),
      },
      { token: real.member.token },
    );
    const couponTaken = this.coupon !== null && model.couponUsedBy.has(this.coupon);
    const due = order.total - (this.coupon === null ? 0 : Math.min(1_500, order.total));
    const expectPaid =
      order.status === 'awaitingPayment' &&
      !couponTaken &&
      before.overLimit === 0 &&
      !before.overdue &&
      before.available >= due;
    expect(res.status, res.body.message).toBe(
      expectPaid ? 200 : order.status !== 'awaitingPayment' ? 409 : 400,
    );
    if (expectPaid) {
      paid(model, this.order, this.coupon);
      seen.creditPaid++;
      if (this.coupon !== null) seen.couponPaid++;
    }
    await invariants(model, real);
  }
  toString = () => `PayOnCredit(${this.order}, coupon ${this.coupon})`;
}

class PayFromBalance implements Cmd {
  constructor(
    readonly order: number,
    readonly coupon: number | null,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const { t } = real.p;
    const order = model.orders[this.order]!;
    const res = await call(
      t,
      payModule.pcb.Pay,
      {
        ...payInput(order.id, 'balance'),
        ...(this.coupon === null ? {} : { couponId: model.coupons[this.coupon] }),
      },
      { token: real.member.token },
    );
    if (res.status === 200) paid(model, this.order, this.coupon);
    else expect([400, 409]).toContain(res.status);
    await invariants(model, real);
  }
  toString = () => `PayFromBalance(${this.order}, coupon ${this.coupon})`;
}

class Cancel implements Cmd {
  constructor(readonly order: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const order = model.orders[this.order]!;
    const res = await staffPost(real.p.t, real.p.staff.sales, 'Cancel', {
      id: order.id,
      reason: '模型测试取消',
    });
    if (order.status === 'cancelled') {
      expect(res.status).toBe(409);
    } else {
      expect(res.status, res.body.message).toBe(200);
      if (order.status === 'inProduction') seen.refunds++;
      order.status = 'cancelled';
      // The coupon comes back (still within its window).
      if (order.coupon !== null) model.couponUsedBy.delete(order.coupon);
    }
    await invariants(model, real);
  }
  toString = () => `Cancel(${this.order})`;
}

class RunBills implements Cmd {
  check = () => true;
  async run(model: Model, real: Real) {
    model.months++;
    const today = chinaDayOf(real.p.t.clock.now());
    const [y, m] = today.split('-').map(Number) as [number, number];
    const month = new Date(Date.UTC(y, m - 1 + model.months, real.billingDay));
    const day = month.toISOString().slice(0, 10);
    seen.bills += (await real.p.t.app.modules.creditPayment.daily(day)).created;
    await invariants(model, real);
  }
  toString = () => 'RunBills';
}

class Repay implements Cmd {
  check = () => true;
  async run(model: Model, real: Real) {
    const { t } = real.p;
    const bills = (await call(t, M.GetBills, {}, { token: real.member.token })).body.data!;
    const bill = bills.items.find((b) => b.status === 'unpaid');
    if (bill) {
      await fund(real.p, real.member.id, bill.outstanding);
      const res = await call(
        t,
        M.RepayBill,
        { id: bill.id, paymentPassword: PAY_PASSWORD },
        { token: real.member.token },
      );
      expect(res.status, res.body.message).toBe(200);
      seen.repaid++;
    }
    await invariants(model, real);
  }
  toString = () => 'Repay';
}

class ChangeLimit implements Cmd {
  constructor(readonly limit: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const res = await call(
      real.p.t,
      StaffCreditPayment.ChangeLine,
      { memberId: real.member.id, limit: this.limit, billingDay: real.billingDay, reason: '模型' },
      { staff: real.p.staff.finance },
    );
    expect(res.status, res.body.message).toBe(200);
    if (res.body.data!.overLimit > 0) {
      model.usedAtCut ??= res.body.data!.used;
      seen.cuts++;
    }
    await invariants(model, real);
  }
  toString = () => `ChangeLimit(${this.limit})`;
}

const payOnCredit = fc.tuple(orderArb, couponArb).map(([o, c]) => new PayOnCredit(o, c));
const commands = [
  payOnCredit,
  payOnCredit,
  fc.tuple(orderArb, couponArb).map(([o, c]) => new PayFromBalance(o, c)),
  orderArb.map((o) => new Cancel(o)),
  fc.constant(new RunBills()),
  fc.constant(new Repay()),
  fc.integer({ min: 1, max: 300 }).map((k) => new ChangeLimit(k * 100)),
];

/** The next day of the month up to the 28th: the billing day. */
function billingDayAhead() {
  let next = addDays(chinaDayOf(p.t.clock.now()), 1);
  while (Number(next.slice(8)) > 28) next = addDays(next, 1);
  return Number(next.slice(8));
}

async function startModel(billingDay: number) {
  const member = await creditMember(30_000, billingDay);
  await fund(p, member.id, 20_000);
  const orders: ModelOrder[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const o = await unpaidOrder(p, member);
    orders.push({ id: o.id, total: o.total, status: 'awaitingPayment', coupon: null });
  }
  const model: Model = {
    orders,
    coupons: await couponsFor(member.id),
    couponUsedBy: new Map(),
    months: 0,
    usedAtCut: null,
  };
  return { model, real: { p, member, billingDay } };
}

describe('credit pay and coupons, as a model', () => {
  it('a limit lowered below the use, billed, repaid: the invariants hold at each step', async () => {
    const setup = await startModel(billingDayAhead());
    await fc.asyncModelRun(
      () => setup,
      [
        new PayOnCredit(0, 0),
        new ChangeLimit(100),
        new PayOnCredit(1, null),
        new RunBills(),
        new Cancel(0),
        new PayOnCredit(2, 1),
        new ChangeLimit(30_000),
        new PayOnCredit(2, 1),
        new RunBills(),
        new Repay(),
        new Cancel(2),
      ],
    );
    expect(setup.model.orders.map((o) => o.status)).toEqual([
      'cancelled',
      'awaitingPayment',
      'cancelled',
      'awaitingPayment',
    ]);
  });

  it('keeps the ledger’s invariants after every step of random sequences', async () => {
    let steps = 0;
    const billingDay = billingDayAhead();
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 20, size: 'max' }), async (cmds) => {
        const setup = await startModel(billingDay);
        await fc.asyncModelRun(() => setup, cmds);
        steps += [...cmds].length;
      }),
      { numRuns: 16, endOnFailure: true },
    );
    console.log(`credit model: 16 random sequences, ${steps} steps`, seen);
    expect(seen.creditPaid).toBeGreaterThan(0);
    expect(seen.bills).toBeGreaterThan(0);
  });
});
