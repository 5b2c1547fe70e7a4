import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemberCreditPayment, StaffCreditPayment } from '@pcb/contract/member-credit-payment';
import { call } from './call';
import { uniqueMobile } from './helper';
import {
  expectBooksClean,
  fund,
  payer,
  paymentTest,
  unpaidOrder,
  type Member,
  type PaymentTest,
} from './payment-support';
import { auditRows } from './staff-support';
import { addDays, chinaDayOf } from '../src/modules/credit-payment/credit-dates';
import { OVER_LIMIT_MESSAGE } from '../src/modules/credit-payment/credit-line.service';

// Finance changes an approved line (decision 0066): the limit, the billing day, suspending.

vi.setConfig({ testTimeout: 180_000 });

let p: PaymentTest;
beforeAll(async () => {
  p = await paymentTest();
});
afterAll(async () => p?.t.close());

const M = MemberCreditPayment;
const S = StaffCreditPayment;

async function creditMember(limit: number, billingDay = 1) {
  const m = await payer(p.t);
  await p.t.database.pool.query(
    `UPDATE member SET certified_at = now(), member_type = 'company', company_name = '测试电子有限公司' WHERE id = $1`,
    [m.id],
  );
  const apply = await call(
    p.t,
    M.SaveApply,
    {
      companyName: '测试电子有限公司',
      contactName: '张经理',
      contactPhone: '13800000000',
      expectedMonthly: 5_000_000,
    },
    { token: m.token },
  );
  if (!apply.body.success) throw new Error(apply.body.message);
  const res = await call(
    p.t,
    S.Approve,
    { id: apply.body.data.id, limit, billingDay },
    { staff: p.staff.finance },
  );
  if (!res.body.success) throw new Error(res.body.message);
  return m;
}

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

const change = (memberId: number, limit: number, billingDay: number, staff = p.staff.finance) =>
  call(p.t, S.ChangeLine, { memberId, limit, billingDay, reason: '季度复核' }, { staff });

describe('finance changes an approved line', () => {
  it('only finance and admin; bad input is 400 in Chinese; a member without a line is 404', async () => {
    const { t } = p;
    const m = await creditMember(100_000);
    for (const role of ['sales', 'content', 'engineer', 'production'] as const) {
      expect((await change(m.id, 200_000, 5, p.staff[role])).status).toBe(403);
      const suspend = await call(
        t,
        S.Suspend,
        { memberId: m.id, reason: '测试' },
        { staff: p.staff[role] },
      );
      expect(suspend.status).toBe(403);
      expect((await call(t, S.Resume, { memberId: m.id }, { staff: p.staff[role] })).status).toBe(
        403,
      );
    }
    const badDay = await change(m.id, 200_000, 29);
    expect(badDay.status).toBe(400);
    const noReason = await call(
      t,
      S.ChangeLine,
      { memberId: m.id, limit: 200_000, billingDay: 5, reason: '  ' },
      { staff: p.staff.finance },
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.message).toBe('调整原因：请填写调整原因');
    const none = await payer(t);
    const missing = await change(none.id, 200_000, 5);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('该会员未开通月结');
    expect((await change(m.id, 300_000, 9, p.staff.admin)).status).toBe(200);
    expect(await account(m)).toMatchObject({ limit: 300_000, available: 300_000, billingDay: 9 });
    await expectBooksClean(t);
  });

  it('raises and lowers the limit in the ledger; below the use, credit payments wait for a repayment', async () => {
    const { t } = p;
    const today = chinaDayOf(t.clock.now());
    let day = addDays(today, 1);
    while (Number(day.slice(8)) > 28) day = addDays(day, 1);
    const m = await creditMember(100_000, 1);
    const mobile = await bound(m);
    const order = await unpaidOrder(p, m);
    const raised = await change(m.id, order.total * 3, Number(day.slice(8)));
    expect(raised.status, raised.body.message).toBe(200);
    expect(raised.body.data).toMatchObject({
      limit: order.total * 3,
      available: order.total * 3,
      overLimit: 0,
      billingDay: Number(day.slice(8)),
    });
    expect((await payOnCredit(m, order.id, mobile, await payCode(m, mobile))).status).toBe(200);

    // Lowered below what is in use: allowed, the rest waits as the cut.
    const low = Math.floor(order.total / 2);
    const lowered = await change(m.id, low, Number(day.slice(8)));
    expect(lowered.status, lowered.body.message).toBe(200);
    expect(lowered.body.data).toMatchObject({
      limit: low,
      used: order.total,
      available: 0,
      overLimit: order.total - low,
    });
    const next = await unpaidOrder(p, m);
    const refused = await payOnCredit(m, next.id, mobile, await payCode(m, mobile));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(OVER_LIMIT_MESSAGE);
    const logs = (await call(t, M.GetLogs, {}, { token: m.token })).body.data.items;
    expect(logs.map((l) => [l.type, l.amount])).toEqual([
      ['limit', -(order.total * 2)],
      ['pay', -order.total],
      ['limit', order.total * 3 - 100_000],
      ['grant', 100_000],
    ]);
    const audits = await auditRows(
      t,
      `action = 'StaffCreditPayment.ChangeLine' AND after->>'limit' = $1`,
      [String(low)],
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      staff_id: p.staff.finance.staffId,
      object_type: 'creditLine',
      before: { memberId: m.id, limit: order.total * 3, used: order.total },
      after: { limit: low, used: order.total, overLimit: order.total - low, reason: '季度复核' },
    });
    const messages = await t.database.pool.query<{ content: string }>(
      `SELECT content FROM member_message WHERE member_id = $1 AND title = '月结额度已调整' ORDER BY id`,
      [m.id],
    );
    expect(messages.rows.at(-1)!.content).toContain('超出新额度');

    // Billed and repaid: the repayment goes to the cut first; then credit pays again.
    await t.app.modules.creditPayment.daily(day);
    const bill = (await call(t, M.GetBills, {}, { token: m.token })).body.data.items[0]!;
    await fund(p, m.id, bill.outstanding);
    const repaid = await call(
      t,
      M.RepayBill,
      { id: bill.id, paymentPassword: '135790' },
      { token: m.token },
    );
    expect(repaid.status, repaid.body.message).toBe(200);
    expect(await account(m)).toMatchObject({ limit: low, used: 0, available: low, overLimit: 0 });
    const small = await unpaidOrder(p, m);
    const paid = await payOnCredit(m, small.id, mobile, await payCode(m, mobile));
    // Within the new limit it is paid; above it the ledger refuses as always.
    if (small.total <= low) expect(paid.status, paid.body.message).toBe(200);
    else expect(paid.body.message).toMatch(/^月结可用额度不足/);
    const cut = await t.database.pool.query<{ limit_cut_fen: number }>(
      'SELECT limit_cut_fen FROM credit_apply WHERE member_id = $1',
      [m.id],
    );
    expect(cut.rows[0]!.limit_cut_fen).toBe(0);
    await expectBooksClean(t);
  });

  it('suspends and resumes credit payments: audited, the member reads why', async () => {
    const { t } = p;
    const m = await creditMember(10_000_000);
    const mobile = await bound(m);
    const order = await unpaidOrder(p, m);
    const code = await payCode(m, mobile);
    const suspended = await call(
      t,
      S.Suspend,
      { memberId: m.id, reason: '对账中，暂停三天' },
      { staff: p.staff.finance },
    );
    expect(suspended.status, suspended.body.message).toBe(200);
    expect(await account(m)).toMatchObject({ suspendReason: '对账中，暂停三天' });
    expect((await account(m)).suspendedAt).toBe(t.clock.now().toISOString());
    const refused = await payOnCredit(m, order.id, mobile, code);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('月结付款已暂停：对账中，暂停三天');
    const twice = await call(
      t,
      S.Suspend,
      { memberId: m.id, reason: '再次' },
      { staff: p.staff.admin },
    );
    expect(twice.status).toBe(409);
    const resumed = await call(t, S.Resume, { memberId: m.id }, { staff: p.staff.admin });
    expect(resumed.status, resumed.body.message).toBe(200);
    expect(resumed.body.data).toMatchObject({ suspendedAt: null, suspendReason: null });
    expect((await call(t, S.Resume, { memberId: m.id }, { staff: p.staff.admin })).status).toBe(
      409,
    );
    expect((await payOnCredit(m, order.id, mobile, await payCode(m, mobile))).status).toBe(200);
    const audits = await auditRows(
      t,
      `object_type = 'creditLine' AND action IN ('StaffCreditPayment.Suspend', 'StaffCreditPayment.Resume') AND before->>'memberId' = $1`,
      [String(m.id)],
    );
    expect(audits.map((a) => [a.action, a.after])).toEqual([
      ['StaffCreditPayment.Suspend', { suspended: true, reason: '对账中，暂停三天' }],
      ['StaffCreditPayment.Resume', { suspended: false }],
    ]);
    const titles = await t.database.pool.query<{ title: string }>(
      `SELECT title FROM member_message WHERE member_id = $1 AND title LIKE '月结付款%' ORDER BY id`,
      [m.id],
    );
    expect(titles.rows.map((r) => r.title)).toEqual(['月结付款已暂停', '月结付款已恢复']);
  });

  it('60 concurrent credit payments while the limit is lowered never pass the final limit', async () => {
    const { t } = p;
    const m = await creditMember(100);
    const orders = [];
    for (let i = 0; i < 60; i++) orders.push(await unpaidOrder(p, m));
    const need = orders.reduce((sum, o) => sum + o.total, 0);
    // All of them fit the limit the payments start under; the new one takes 40 % of them.
    expect((await change(m.id, need, 1)).status).toBe(200);
    const finalLimit = Math.floor(need * 0.4);
    const codes = [];
    for (const [i, o] of orders.entries()) {
      const mobile = await bound(m);
      await t.app.modules.smsCode.send({ mobile, purpose: 'creditPay', ip: `10.8.${i}.1` });
      codes.push({ order: o, mobile, code: await t.lastCode(mobile) });
    }
    const payments = codes.map((c) => payOnCredit(m, c.order.id, c.mobile, c.code));
    const lowered = change(m.id, finalLimit, 1);
    const answers = await Promise.all(payments);
    expect((await lowered).status).toBe(200);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length + answers.filter((a) => a.status === 400).length).toBe(60);
    const used = ok.reduce((sum, a) => sum + (a.body.data as { total: number }).total, 0);
    const state = await account(m);
    expect(state.limit).toBe(finalLimit);
    expect(state.used).toBe(used);
    const [audit] = await auditRows(
      t,
      `action = 'StaffCreditPayment.ChangeLine' AND before->>'memberId' = $1 AND after->>'limit' = $2`,
      [String(m.id), String(finalLimit)],
    );
    if (state.overLimit === 0) {
      expect(used).toBeLessThanOrEqual(finalLimit);
    } else {
      // Lowered below what was in use at that moment: not one payment went through after it.
      expect(audit!.after).toMatchObject({ used });
      expect(used).toBe(state.limit + state.overLimit);
    }
    // Whenever it fell, what was paid after it fits the new limit.
    expect(used).toBeLessThanOrEqual(Math.max(finalLimit, (audit!.after as { used: number }).used));
    await expectBooksClean(t);
  });
});
