import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILL_DUE_DAYS, BILL_REMIND_DAYS } from '@pcb/contract';
import { MemberCreditPayment, StaffCreditPayment } from '@pcb/contract/member-credit-payment';
import { MemberRebate } from '@pcb/contract/member-rebate';
import { StaffCoupon } from '@pcb/contract/staff-coupon';
import { call } from './call';
import { uniqueMobile } from './helper';
import { staffPost, statusOf } from './order-lifecycle-support';
import {
  balancesOf,
  expectBooksClean,
  fund,
  payer,
  paymentTest,
  unpaidOrder,
  type Member,
  type PaymentTest,
} from './payment-support';
import { addDays, chinaDayOf } from '../src/modules/credit-payment/credit-dates';
import { createCreditRepository } from '../src/modules/credit-payment/credit-payment.repository';

let p: PaymentTest;
beforeAll(async () => {
  p = await paymentTest();
});
afterAll(async () => p?.t.close());

const M = MemberCreditPayment;
const S = StaffCreditPayment;

const certify = (m: Member) =>
  p.t.database.pool.query(
    `UPDATE member SET certified_at = now(), member_type = 'company', company_name = '测试电子有限公司' WHERE id = $1`,
    [m.id],
  );

const applyInput = {
  companyName: '测试电子有限公司',
  contactName: '张经理',
  contactPhone: '13800000000',
  expectedMonthly: 5_000_000,
};

async function applyFor(m: Member) {
  const res = await call(p.t, M.SaveApply, applyInput, { token: m.token });
  if (!res.body.success) throw new Error(res.body.message);
  return res.body.data;
}

/** A certified member with an approved line of `limit` fen billed on `billingDay`. */
async function creditMember(limit: number, billingDay = 1) {
  const m = await payer(p.t);
  await certify(m);
  const apply = await applyFor(m);
  const res = await call(
    p.t,
    S.Approve,
    { id: apply.id, limit, billingDay },
    { staff: p.staff.finance },
  );
  if (!res.body.success) throw new Error(res.body.message);
  return m;
}

/** Binds a mobile as the test's setup (the real flow has its own test). */
async function bound(m: Member, mobile = uniqueMobile()) {
  await p.t.database.pool.query(
    'INSERT INTO credit_mobile (member_id, mobile, created_at) VALUES ($1, $2, now())',
    [m.id, mobile],
  );
  return mobile;
}

async function payCode(m: Member, mobile: string) {
  p.t.clock.advance(61_000);
  const res = await call(p.t, M.SendPayMessage, { mobile }, { token: m.token });
  if (!res.body.success) throw new Error(res.body.message);
  return p.t.lastCode(mobile);
}

const account = async (m: Member) => (await call(p.t, M.Get, {}, { token: m.token })).body.data;

const payOnCredit = (m: Member, orderId: number, mobile: string, code: string) =>
  p.t.post(
    '/api/Pcb/Pay',
    {
      id: orderId,
      method: 'credit',
      requestId: crypto.randomUUID(),
      creditMobile: mobile,
      smsCode: code,
    },
    { token: m.token },
  );

describe('applying for credit', () => {
  it('needs an approved enterprise certification; none → pending → rejected → pending → approved', async () => {
    const { t } = p;
    const m = await payer(t);
    expect((await account(m)).state).toBe('none');
    expect((await call(t, M.GetApply, {}, { token: m.token })).body.data).toBeNull();
    const refused = await call(t, M.SaveApply, applyInput, { token: m.token });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('请先完成企业认证，再申请月结');

    await certify(m);
    const apply = await applyFor(m);
    expect(apply.status).toBe('pending');
    const twice = await call(t, M.SaveApply, applyInput, { token: m.token });
    expect(twice.status).toBe(409);

    // Sales may not decide; finance rejects with a reason the member reads.
    const bySales = await call(
      t,
      S.Reject,
      { id: apply.id, reason: '资料不全' },
      { staff: p.staff.sales },
    );
    expect(bySales.status).toBe(403);
    const rejected = await call(
      t,
      S.Reject,
      { id: apply.id, reason: '请补充近三个月流水' },
      { staff: p.staff.finance },
    );
    expect(rejected.status, rejected.body.message).toBe(200);
    expect(await account(m)).toMatchObject({
      state: 'rejected',
      rejectReason: '请补充近三个月流水',
    });

    const again = await applyFor(m);
    expect(again.status).toBe('pending');
    const badDay = await call(
      t,
      S.Approve,
      { id: apply.id, limit: 100_000, billingDay: 29 },
      { staff: p.staff.finance },
    );
    expect(badDay.status).toBe(400);
    const approved = await call(
      t,
      S.Approve,
      { id: apply.id, limit: 100_000, billingDay: 5 },
      { staff: p.staff.finance },
    );
    expect(approved.status, approved.body.message).toBe(200);
    const second = await call(
      t,
      S.Approve,
      { id: apply.id, limit: 900_000, billingDay: 5 },
      { staff: p.staff.finance },
    );
    expect(second.status).toBe(409);
    expect(await account(m)).toMatchObject({
      state: 'approved',
      limit: 100_000,
      used: 0,
      available: 100_000,
      billingDay: 5,
      overdue: false,
    });
    const audits = await t.database.pool.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE object_type = 'creditApply' AND object_id = $1 ORDER BY id`,
      [String(apply.id)],
    );
    expect(audits.rows.map((r) => r.action)).toEqual([
      'StaffCreditPayment.Reject',
      'StaffCreditPayment.Approve',
    ]);
    const list = await call(t, S.List, { status: 'approved' }, { staff: p.staff.finance });
    expect(list.body.data.items.some((r) => r.id === apply.id && r.limit === 100_000)).toBe(true);
    const logs = await call(t, M.GetLogs, {}, { token: m.token });
    expect(logs.body.data.items.map((l) => [l.type, l.amount, l.availableAfter])).toEqual([
      ['grant', 100_000, 100_000],
    ]);
  });

  it('shows the count and amount of the member’s orders in a date range', async () => {
    const { t } = p;
    const m = await payer(t);
    const order = await unpaidOrder(p, m);
    const today = chinaDayOf(t.clock.now());
    const res = await call(
      t,
      M.GetMemberOrderNumberAmount,
      { start: addDays(today, -30), end: today },
      { token: m.token },
    );
    expect(res.body.data).toEqual({ number: 1, amount: order.total });
    const before = await call(
      t,
      M.GetMemberOrderNumberAmount,
      { start: addDays(today, -30), end: addDays(today, -1) },
      { token: m.token },
    );
    expect(before.body.data).toEqual({ number: 0, amount: 0 });
    const reversed = await t.get('/api/MemberCreditPayment/GetMemberOrderNumberAmount', {
      token: m.token,
      query: { start: today, end: addDays(today, -1) },
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body).toMatchObject({ success: false, message: '结束日期不能早于开始日期' });
  });
});

describe('payImpower: the mobiles that approve credit payments', () => {
  it('binds with a code to the login mobile and one to the new mobile; lists; deletes only its own', async () => {
    const { t } = p;
    const m = await creditMember(100_000);
    const login = (
      await t.database.pool.query<{ mobile: string }>('SELECT mobile FROM member WHERE id = $1', [
        m.id,
      ])
    ).rows[0]!.mobile;
    const mobile = uniqueMobile();
    t.clock.advance(61_000);
    expect((await call(t, M.SendCreditPaymentBindMobileSms, {}, { token: m.token })).status).toBe(
      200,
    );
    const ownerCode = await t.lastCode(login);
    expect((await call(t, M.SendBindMobileCode, { mobile }, { token: m.token })).status).toBe(200);
    const mobileCode = await t.lastCode(mobile);

    const wrong = await call(
      t,
      M.CreateCreditPaymentBindMobile,
      { mobile, ownerCode, mobileCode: mobileCode === '000000' ? '111111' : '000000' },
      { token: m.token },
    );
    expect(wrong.status).toBe(400);
    const ok = await call(
      t,
      M.CreateCreditPaymentBindMobile,
      { mobile, ownerCode, mobileCode },
      { token: m.token },
    );
    expect(ok.status, ok.body.message).toBe(200);
    const mobiles = (await call(t, M.GetMobiles, {}, { token: m.token })).body.data;
    expect(mobiles.map((x) => x.mobile)).toEqual([mobile]);

    const other = await creditMember(100_000);
    const theirs = await call(
      t,
      M.DeleteCreditPaymentBindMobile,
      { id: ok.body.data.id },
      { token: other.token },
    );
    expect(theirs.status).toBe(404);
    const mine = await call(
      t,
      M.DeleteCreditPaymentBindMobile,
      { id: ok.body.data.id },
      { token: m.token },
    );
    expect(mine.status).toBe(200);
    expect((await call(t, M.GetMobiles, {}, { token: m.token })).body.data).toEqual([]);
  });

  it('never binds more than 5, also when 60 bindings race', async () => {
    const m = await creditMember(100_000);
    const repository = createCreditRepository(p.t.database.db);
    const results = await Promise.all(
      Array.from({ length: 60 }, () =>
        repository.insertMobile(m.id, uniqueMobile(), 5, p.t.clock.now()),
      ),
    );
    expect(results.filter((r) => typeof r === 'object')).toHaveLength(5);
    expect(results.filter((r) => r === 'full')).toHaveLength(55);
    expect((await call(p.t, M.GetMobiles, {}, { token: m.token })).body.data).toHaveLength(5);
  });

  it('refuses before the line is approved', async () => {
    const m = await payer(p.t);
    const res = await call(p.t, M.SendCreditPaymentBindMobileSms, {}, { token: m.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('您尚未开通月结，请先申请');
  });
});

describe('paying on credit', () => {
  it('goes through only with the code texted to a bound mobile; the line is used, and a cancel gives it back', async () => {
    const { t } = p;
    const m = await creditMember(10_000_000);
    const mobile = await bound(m);
    const order = await unpaidOrder(p, m);

    const unbound = await call(t, M.SendPayMessage, { mobile: uniqueMobile() }, { token: m.token });
    expect(unbound.status).toBe(400);
    const noCode = await t.post(
      '/api/Pcb/Pay',
      { id: order.id, method: 'credit', requestId: crypto.randomUUID(), creditMobile: mobile },
      { token: m.token },
    );
    expect(noCode.status).toBe(400);
    const code = await payCode(m, mobile);
    const wrong = await payOnCredit(m, order.id, mobile, code === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(400);
    expect(await statusOf(t, order.id)).toBe('awaitingPayment');

    const paid = await payOnCredit(m, order.id, mobile, code);
    expect(paid.status, paid.body.message).toBe(200);
    expect(paid.body.data).toMatchObject({ status: 'paid', total: order.total });
    expect(await statusOf(t, order.id)).toBe('inProduction');
    expect(await account(m)).toMatchObject({
      used: order.total,
      available: 10_000_000 - order.total,
      unbilled: order.total,
    });
    expect((await call(t, M.GetUnCreateBillMoney, {}, { token: m.token })).body.data).toEqual({
      amount: order.total,
      orderCount: 1,
    });
    // The code is used up.
    const other = await unpaidOrder(p, m);
    expect((await payOnCredit(m, other.id, mobile, code)).status).toBe(400);

    const cancel = await staffPost(p.t, p.staff.sales, 'Cancel', {
      id: order.id,
      reason: '工厂产能不足，与客户协商取消',
    });
    expect(cancel.status, cancel.body.message).toBe(200);
    expect(await account(m)).toMatchObject({ used: 0, available: 10_000_000, unbilled: 0 });
    expect(await balancesOf(t, m.id)).toMatchObject({ balance: 0 });
    await expectBooksClean(t);
  });

  it('takes a coupon too: the line is used and billed for the total less the deduction, a cancel gives both back', async () => {
    const { t } = p;
    const m = await creditMember(10_000_000);
    const mobile = await bound(m);
    const order = await unpaidOrder(p, m);
    const template = await call(
      t,
      StaffCoupon.CreateTemplate,
      {
        name: '月结测试券',
        serviceType: 'pcb',
        amount: 500,
        minOrderAmount: 0,
        validityKind: 'days',
        validDays: 30,
      },
      { staff: p.staff.content },
    );
    expect(template.status, template.body.message).toBe(200);
    const granted = await call(
      t,
      StaffCoupon.Grant,
      { memberId: m.id, templateId: template.body.data.id, quantity: 1, reason: '测试发放' },
      { staff: p.staff.content },
    );
    expect(granted.status, granted.body.message).toBe(200);
    const usable = await call(
      t,
      MemberRebate.getPcbUseableRebates,
      { orderId: order.id },
      { token: m.token },
    );
    expect(usable.status, usable.body.message).toBe(200);
    const couponId = usable.body.data.bestId!;
    expect(couponId).toBeGreaterThan(0);

    const code = await payCode(m, mobile);
    const paid = await t.post(
      '/api/Pcb/Pay',
      {
        id: order.id,
        method: 'credit',
        requestId: crypto.randomUUID(),
        creditMobile: mobile,
        smsCode: code,
        couponId,
      },
      { token: m.token },
    );
    expect(paid.status, paid.body.message).toBe(200);
    const due = order.total - 500;
    expect(await account(m)).toMatchObject({ used: due, unbilled: due });
    expect((await call(t, M.GetUnCreateBillMoney, {}, { token: m.token })).body.data).toEqual({
      amount: due,
      orderCount: 1,
    });

    const cancel = await staffPost(p.t, p.staff.sales, 'Cancel', {
      id: order.id,
      reason: '工厂产能不足，与客户协商取消',
    });
    expect(cancel.status, cancel.body.message).toBe(200);
    expect(await account(m)).toMatchObject({ used: 0, available: 10_000_000, unbilled: 0 });
    const unused = await call(
      t,
      MemberRebate.GetList,
      { state: 'unused', page: 1, pageSize: 10 },
      { token: m.token },
    );
    expect(unused.body.data.items.map((c) => c.id)).toContain(couponId);
    await expectBooksClean(t);
  });

  it('not from a switched (related) session, even with a right code', async () => {
    const { t } = p;
    const colleague = await creditMember(10_000_000);
    const mobile = await bound(colleague);
    const main = await payer(t);
    await t.database.pool.query(
      `INSERT INTO member_relation (main_member_id, related_member_id, status, created_at, decided_at)
       VALUES ($1, $2, 'approved', now(), now())`,
      [main.id, colleague.id],
    );
    const switched = await t.get<{ accessToken: string }>(
      '/api/MemberRelationApprove/SwitchMember',
      { token: main.token, query: { id: String(colleague.id) } },
    );
    expect(switched.status, switched.body.message).toBe(200);
    const token = switched.body.data.accessToken;
    const order = await unpaidOrder(p, colleague);
    // Neither the code nor the payment: a switched session may not ask for either.
    expect((await call(t, M.SendPayMessage, { mobile }, { token })).status).toBe(403);
    const code = await payCode(colleague, mobile);
    const res = await payOnCredit({ ...colleague, token }, order.id, mobile, code);
    expect(res.status).toBe(403);
    expect(await statusOf(t, order.id)).toBe('awaitingPayment');
    // The code was not used up: the member themself still pays with it.
    expect((await payOnCredit(colleague, order.id, mobile, code)).status).toBe(200);
  });

  it('of 50 concurrent credit payments the used amount never exceeds the limit', async () => {
    const { t } = p;
    const first = await payer(t);
    const orders = [];
    for (let i = 0; i < 50; i++) orders.push(await unpaidOrder(p, first));
    const need = orders.reduce((sum, o) => sum + o.total, 0);
    const limit = Math.floor(need * 0.4);
    await certify(first);
    const apply = await applyFor(first);
    await call(t, S.Approve, { id: apply.id, limit, billingDay: 1 }, { staff: p.staff.finance });
    const codes = [];
    for (const [i, o] of orders.entries()) {
      const mobile = await bound(first);
      await t.app.modules.smsCode.send({ mobile, purpose: 'creditPay', ip: `10.9.${i}.1` });
      codes.push({ order: o, mobile, code: await t.lastCode(mobile) });
    }
    const answers = await Promise.all(
      codes.map((c) => payOnCredit(first, c.order.id, c.mobile, c.code)),
    );
    const ok = answers.filter((a) => a.status === 200);
    const short = answers.filter((a) => a.status === 400);
    expect(ok.length + short.length).toBe(50);
    expect(short.every((a) => a.body.message.startsWith('月结可用额度不足'))).toBe(true);
    const used = ok.reduce((sum, a) => sum + (a.body.data as { total: number }).total, 0);
    const state = await account(first);
    expect(state.available).toBeGreaterThanOrEqual(0);
    expect(state.used).toBe(used);
    expect(used).toBeLessThanOrEqual(limit);
    expect(state.available).toBeLessThan(Math.min(...orders.map((o) => o.total)));
    await expectBooksClean(t);
  });
});

describe('monthly bills', () => {
  it('the job bills the unbilled credit orders once, however often it runs; repaid from the balance; overdue blocks', async () => {
    const { t } = p;
    const today = chinaDayOf(t.clock.now());
    // The next day of the month up to the 28th: the billing day.
    let day = addDays(today, 1);
    while (Number(day.slice(8)) > 28) day = addDays(day, 1);
    const m = await creditMember(10_000_000, Number(day.slice(8)));
    const mobile = await bound(m);
    const order = await unpaidOrder(p, m);
    expect((await payOnCredit(m, order.id, mobile, await payCode(m, mobile))).status).toBe(200);

    await Promise.all([
      t.app.modules.creditPayment.daily(day),
      t.app.modules.creditPayment.daily(day),
      call(t, S.RunBills, { day }, { staff: p.staff.finance }),
    ]);
    const bills = (await call(t, M.GetBills, {}, { token: m.token })).body.data;
    expect(bills.total).toBe(1);
    const bill = bills.items[0]!;
    expect(bill).toMatchObject({
      amount: order.total,
      outstanding: order.total,
      orderCount: 1,
      status: 'unpaid',
      billDate: day,
      dueDate: addDays(day, BILL_DUE_DAYS),
      overdue: false,
    });
    expect((await call(t, M.GetUnCreateBillMoney, {}, { token: m.token })).body.data.amount).toBe(
      0,
    );
    const orders = await call(t, M.GetBillOrders, { id: bill.id }, { token: m.token });
    expect(orders.body.data.map((o) => o.orderId)).toEqual([order.id]);
    const stranger = await payer(t);
    expect(
      (await call(t, M.GetBillOrders, { id: bill.id }, { token: stranger.token })).status,
    ).toBe(404);
    expect(
      (
        await call(
          t,
          M.RepayBill,
          { id: bill.id, paymentPassword: '135790' },
          { token: stranger.token },
        )
      ).status,
    ).toBe(404);

    // Reminders: BILL_REMIND_DAYS before the due day and on it, once each.
    await t.app.modules.creditPayment.daily(addDays(bill.dueDate, -BILL_REMIND_DAYS));
    await t.app.modules.creditPayment.daily(addDays(bill.dueDate, -BILL_REMIND_DAYS));
    await t.app.modules.creditPayment.daily(bill.dueDate);
    const titles = (
      await t.database.pool.query<{ title: string }>(
        `SELECT title FROM member_message WHERE member_id = $1 AND title LIKE '月结账单%' ORDER BY id`,
        [m.id],
      )
    ).rows.map((r) => r.title);
    expect(titles).toEqual(['月结账单已生成', '月结账单即将到期', '月结账单今日到期']);

    // Past the due day the bill is overdue and blocks credit payments (the bill's dates moved
    // back rather than the clock forward, which would end the member's session).
    await t.database.pool.query('UPDATE credit_bill SET due_date = $1 WHERE id = $2', [
      addDays(today, -1),
      bill.id,
    ]);
    expect(await account(m)).toMatchObject({ overdue: true });
    const next = await unpaidOrder(p, m);
    const blocked = await payOnCredit(m, next.id, mobile, await payCode(m, mobile));
    expect(blocked.status).toBe(400);
    expect(blocked.body.message).toBe('您有逾期未还的月结账单，请先还款后再使用月结付款');
    expect(await t.app.modules.creditPayment.overdueMembers()).toContain(m.id);
    // Sales' 工作台 flags it for the member's account manager only; finance sees all.
    const overdueFor = async (staff: keyof typeof p.staff) =>
      (await call(t, S.GetOverdue, {}, { staff: p.staff[staff] })).body.data.map((b) => b.billId);
    expect(await overdueFor('finance')).toContain(bill.id);
    expect(await overdueFor('sales')).not.toContain(bill.id);
    const manager = await t.database.pool.query<{ id: number }>(
      `INSERT INTO account_manager (real_name, mobile, qq, pic, staff_id)
       VALUES ('王业务', $1, '10001', '', $2) RETURNING id`,
      [uniqueMobile(), p.staff.sales.staffId],
    );
    await t.database.pool.query('UPDATE member SET account_manager_id = $1 WHERE id = $2', [
      manager.rows[0]!.id,
      m.id,
    ]);
    expect(await overdueFor('sales')).toContain(bill.id);

    // Repaying needs the balance; then the line is whole again and payments go through.
    const short = await call(
      t,
      M.RepayBill,
      { id: bill.id, paymentPassword: '135790' },
      { token: m.token },
    );
    expect(short.status).toBe(400);
    await fund(p, m.id, order.total + 500);
    // 60 repayments at once (a double tap, many tabs): the balance pays the bill once.
    const again = await Promise.all(
      Array.from({ length: 60 }, () =>
        call(t, M.RepayBill, { id: bill.id, paymentPassword: '135790' }, { token: m.token }),
      ),
    );
    // The payment password's own guard may ask some to wait (429); none fails otherwise.
    expect(again.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    const ok = again.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThan(0);
    expect(ok.every((r) => r.body.data.status === 'paid' && r.body.data.outstanding === 0)).toBe(
      true,
    );
    const repays = await t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_txn WHERE ref = $1`,
      [`creditRepay:${bill.id}`],
    );
    expect(repays.rows[0]!.n).toBe(1);
    expect(await balancesOf(t, m.id)).toMatchObject({ balance: 500 });
    expect(await account(m)).toMatchObject({ used: 0, available: 10_000_000, overdue: false });
    expect((await payOnCredit(m, next.id, mobile, await payCode(m, mobile))).status).toBe(200);

    // A billed and repaid order cancelled: its money comes back to the balance.
    const cancel = await staffPost(p.t, p.staff.sales, 'Cancel', {
      id: order.id,
      reason: '工厂产能不足，与客户协商取消',
    });
    expect(cancel.status, cancel.body.message).toBe(200);
    expect(await balancesOf(t, m.id)).toMatchObject({ balance: 500 + order.total });
    await expectBooksClean(t);
  });
});
