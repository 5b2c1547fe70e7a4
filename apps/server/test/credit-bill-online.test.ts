import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BILL_ALREADY_REPAID_MESSAGE } from '@pcb/contract';
import { MemberCreditPayment, StaffCreditPayment } from '@pcb/contract/member-credit-payment';
import { MemberAdvancePayment } from '@pcb/contract/member-advance-payment';
import { WechatPayOrder } from '@pcb/contract/payment';
import type { PaymentChannel } from '../src/integrations/payment/payment-provider';
import { call } from './call';
import { uniqueMobile } from './helper';
import {
  balancesOf,
  expectBooksClean,
  fund,
  notify,
  payer,
  paymentTest,
  runPaymentJobs,
  unpaidOrder,
  type Member,
  type PaymentTest,
} from './payment-support';
import { addDays, chinaDayOf } from '../src/modules/credit-payment/credit-dates';

vi.setConfig({ testTimeout: 180_000 });

let p: PaymentTest;
beforeAll(async () => {
  p = await paymentTest();
});
afterAll(async () => p?.t.close());

const M = MemberCreditPayment;
const SUCCESS = { status: 200, body: 'success' };
const LIMIT = 10_000_000;

/** A member with an approved line, one order paid on credit and its bill made; the bill. */
async function memberWithBill() {
  const { t } = p;
  let day = addDays(chinaDayOf(t.clock.now()), 1);
  while (Number(day.slice(8)) > 28) day = addDays(day, 1);
  const m = await payer(t);
  await t.database.pool.query(
    `UPDATE member SET certified_at = now(), member_type = 'company', company_name = '测试电子有限公司' WHERE id = $1`,
    [m.id],
  );
  const apply = await call(
    t,
    M.SaveApply,
    {
      companyName: '测试电子有限公司',
      contactName: '张经理',
      contactPhone: '13800000000',
      expectedMonthly: 5_000_000,
    },
    { token: m.token },
  );
  expect(apply.status, apply.body.message).toBe(200);
  const approved = await call(
    t,
    StaffCreditPayment.Approve,
    { id: apply.body.data.id, limit: LIMIT, billingDay: Number(day.slice(8)) },
    { staff: p.staff.finance },
  );
  expect(approved.status, approved.body.message).toBe(200);
  const mobile = uniqueMobile();
  await t.database.pool.query(
    'INSERT INTO credit_mobile (member_id, mobile, created_at) VALUES ($1, $2, now())',
    [m.id, mobile],
  );
  t.clock.advance(61_000);
  await call(t, M.SendPayMessage, { mobile }, { token: m.token });
  const order = await unpaidOrder(p, m);
  const paid = await t.post(
    '/api/Pcb/Pay',
    {
      id: order.id,
      method: 'credit',
      requestId: crypto.randomUUID(),
      creditMobile: mobile,
      smsCode: await t.lastCode(mobile),
    },
    { token: m.token },
  );
  expect(paid.status, paid.body.message).toBe(200);
  await t.app.modules.creditPayment.daily(day);
  const bills = await call(t, M.GetBills, {}, { token: m.token });
  const bill = bills.body.data.items[0]!;
  expect(bill).toMatchObject({ status: 'unpaid', outstanding: order.total });
  return { m, bill };
}

const repayOnline = (m: Member, id: number, channel: PaymentChannel = 'alipay') =>
  call(p.t, M.RepayBillOnline, { id, channel, requestId: crypto.randomUUID() }, { token: m.token });

const billOf = async (m: Member, id: number) =>
  (await call(p.t, M.GetBills, {}, { token: m.token })).body.data.items.find((b) => b.id === id)!;

const receipts = async (outTradeNo: string) =>
  (
    await p.t.database.pool.query<{ kind: string }>(
      `SELECT kind FROM ledger_txn WHERE ref LIKE 'receipt:%:' || $1`,
      [outTradeNo],
    )
  ).rows.map((r) => r.kind);

describe('repaying a bill online', () => {
  it('a verified notify repays the bill once; duplicates change nothing', async () => {
    const { m, bill } = await memberWithBill();
    const res = await repayOnline(m, bill.id);
    expect(res.status, res.body.message).toBe(200);
    expect(res.body.data).toMatchObject({ channel: 'alipay', amount: bill.outstanding });
    const { outTradeNo } = res.body.data;
    const paid = p.alipay.pay(outTradeNo);
    const all = await Promise.all(Array.from({ length: 10 }, () => notify(p.t, 'alipay', paid)));
    expect(all).toEqual(Array(10).fill(SUCCESS));
    expect(await receipts(outTradeNo)).toEqual(['creditRepay']);
    expect(await billOf(m, bill.id)).toMatchObject({ status: 'paid', outstanding: 0 });
    const account = (await call(p.t, M.Get, {}, { token: m.token })).body.data;
    expect(account).toMatchObject({ used: 0, available: LIMIT });
    // The balance was never touched: the provider paid.
    expect(await balancesOf(p.t, m.id)).toEqual({ balance: 0, gift: 0, held: 0 });
    // The line's log and the member's 收支明细 show the repayment.
    const lineLog = await call(p.t, M.GetLogs, { page: 1, pageSize: 20 }, { token: m.token });
    expect(lineLog.status, lineLog.body.message).toBe(200);
    expect(lineLog.body.data.items[0]).toMatchObject({ amount: bill.outstanding });
    const moneyLog = await call(
      p.t,
      MemberAdvancePayment.GetLogs,
      { page: 1, pageSize: 20 },
      { token: m.token },
    );
    expect(moneyLog.status, moneyLog.body.message).toBe(200);
    expect(moneyLog.body.data.items[0]).toMatchObject({
      direction: 'out',
      amount: bill.outstanding,
      parts: [{ name: '支付宝', amount: bill.outstanding }],
    });
    // Repaid: a second online repayment is refused, the balance repay answers it as it is.
    const again = await repayOnline(m, bill.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(BILL_ALREADY_REPAID_MESSAGE);
    await expectBooksClean(p.t);
  });

  it('WeChat Pay through the active query; the result names the bill', async () => {
    const { m, bill } = await memberWithBill();
    const res = await repayOnline(m, bill.id, 'wechat');
    expect(res.status, res.body.message).toBe(200);
    const { outTradeNo } = res.body.data;
    p.wechat.pay(outTradeNo);
    const asked = await call(p.t, WechatPayOrder.Get, { outTradeNo }, { token: m.token });
    expect(asked.body.data).toMatchObject({
      purpose: 'bill',
      status: 'paid',
      outcome: 'repaidBill',
      billId: bill.id,
      amount: bill.outstanding,
    });
    expect(await billOf(m, bill.id)).toMatchObject({ status: 'paid' });
    await expectBooksClean(p.t);
  });

  it('a bill repaid from the balance meanwhile: the provider’s money is refunded', async () => {
    const { m, bill } = await memberWithBill();
    const res = await repayOnline(m, bill.id);
    const { outTradeNo } = res.body.data;
    await fund(p, m.id, bill.outstanding);
    const byBalance = await call(
      p.t,
      M.RepayBill,
      { id: bill.id, paymentPassword: '135790' },
      { token: m.token },
    );
    expect(byBalance.status, byBalance.body.message).toBe(200);
    expect(await notify(p.t, 'alipay', p.alipay.pay(outTradeNo))).toEqual(SUCCESS);
    expect(await receipts(outTradeNo)).toEqual(['duplicate']);
    await runPaymentJobs(p.t);
    expect(p.alipay.refunds().filter((r) => r.outTradeNo === outTradeNo)).toEqual([
      expect.objectContaining({ refundFen: bill.outstanding, status: 'success' }),
    ]);
    const repays = await p.t.database.pool.query<{ repaid_fen: number }>(
      'SELECT repaid_fen FROM credit_bill WHERE id = $1',
      [bill.id],
    );
    expect(repays.rows[0]!.repaid_fen).toBe(bill.outstanding);
    expect(await balancesOf(p.t, m.id)).toEqual({ balance: 0, gift: 0, held: 0 });
    await expectBooksClean(p.t);
  });

  it('another member’s bill is 404; a new repayment replaces the one under way', async () => {
    const { m, bill } = await memberWithBill();
    const stranger = await payer(p.t);
    const theirs = await repayOnline(stranger, bill.id);
    expect(theirs.status).toBe(404);
    expect((await repayOnline(m, 999_999_999)).status).toBe(404);
    const first = await repayOnline(m, bill.id);
    const second = await repayOnline(m, bill.id, 'wechat');
    expect(second.status, second.body.message).toBe(200);
    const { rows } = await p.t.database.pool.query<{ out_trade_no: string; status: string }>(
      'SELECT out_trade_no, status FROM payment_attempt WHERE bill_id = $1 ORDER BY id',
      [bill.id],
    );
    expect(rows.map((r) => r.status)).toEqual(['closed', 'open']);
    // The replaced page paid late: the bill takes the first money, the second page cannot pay.
    expect(await notify(p.t, 'alipay', p.alipay.pay(first.body.data.outTradeNo))).toEqual(SUCCESS);
    expect(await billOf(m, bill.id)).toMatchObject({ status: 'paid' });
    expect(await notify(p.t, 'wechat', p.wechat.pay(second.body.data.outTradeNo))).toEqual(SUCCESS);
    expect(await receipts(second.body.data.outTradeNo)).toEqual(['duplicate']);
    await runPaymentJobs(p.t);
    await expectBooksClean(p.t);
  });

  it('20 repayments started at once: one open; every page paid repays the bill once, the rest refunded', async () => {
    const { m, bill } = await memberWithBill();
    const started = await Promise.all(
      Array.from({ length: 20 }, (_, i) => repayOnline(m, bill.id, i % 2 ? 'wechat' : 'alipay')),
    );
    expect(started.every((r) => r.status === 200)).toBe(true);
    const open = await p.t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM payment_attempt WHERE bill_id = $1 AND status = 'open'`,
      [bill.id],
    );
    expect(open.rows[0]!.n).toBe(1);
    // The member pays every page before the providers hear of the closes.
    const outcomes = await Promise.all(
      started.map((r) =>
        notify(p.t, r.body.data.channel, p.fake(r.body.data.channel).pay(r.body.data.outTradeNo)),
      ),
    );
    expect(outcomes).toEqual(Array(20).fill(SUCCESS));
    const kinds = (await Promise.all(started.map((r) => receipts(r.body.data.outTradeNo)))).flat();
    expect(kinds.filter((k) => k === 'creditRepay')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'duplicate')).toHaveLength(19);
    const row = await p.t.database.pool.query<{ repaid_fen: number; status: string }>(
      'SELECT repaid_fen, status FROM credit_bill WHERE id = $1',
      [bill.id],
    );
    expect(row.rows[0]).toEqual({ repaid_fen: bill.outstanding, status: 'paid' });
    await runPaymentJobs(p.t);
    await expectBooksClean(p.t);
  });
});

const attemptOf = async (outTradeNo: string) =>
  (
    await p.t.database.pool.query<{ status: string; close_reason: string | null }>(
      'SELECT status, close_reason FROM payment_attempt WHERE out_trade_no = $1',
      [outTradeNo],
    )
  ).rows[0];

/** The member's 月结账单已还清 messages (finance category), their texts. */
const repaidMessages = async (m: Member) =>
  (
    await p.t.database.pool.query<{ content: string; category: string; link: string }>(
      `SELECT content, category, link FROM member_message
       WHERE member_id = $1 AND title = '月结账单已还清' ORDER BY id`,
      [m.id],
    )
  ).rows;

const repayFromBalance = (m: Member, id: number) =>
  call(p.t, M.RepayBill, { id, paymentPassword: '135790' }, { token: m.token });

describe('repaying from the balance while an online repayment is under way', () => {
  it('closes the online attempt in the same transaction; paid there late with no notify, the close job finds the money and refunds it', async () => {
    const { m, bill } = await memberWithBill();
    const res = await repayOnline(m, bill.id);
    expect(res.status, res.body.message).toBe(200);
    const { outTradeNo } = res.body.data;
    // The member pays at the provider's page, but its notify never reaches us.
    p.alipay.pay(outTradeNo);
    await fund(p, m.id, bill.outstanding);
    const byBalance = await repayFromBalance(m, bill.id);
    expect(byBalance.status, byBalance.body.message).toBe(200);
    expect(byBalance.body.data).toMatchObject({ status: 'paid', outstanding: 0 });
    expect(await attemptOf(outTradeNo)).toEqual({ status: 'closed', close_reason: 'billRepaid' });
    // The close job asks the provider to close it, learns it was paid, and sends it back.
    await runPaymentJobs(p.t);
    await runPaymentJobs(p.t);
    expect(await receipts(outTradeNo)).toEqual(['duplicate']);
    expect(p.alipay.refunds().filter((r) => r.outTradeNo === outTradeNo)).toEqual([
      expect.objectContaining({ refundFen: bill.outstanding, status: 'success' }),
    ]);
    const row = await p.t.database.pool.query<{ repaid_fen: number }>(
      'SELECT repaid_fen FROM credit_bill WHERE id = $1',
      [bill.id],
    );
    expect(row.rows[0]!.repaid_fen).toBe(bill.outstanding);
    expect(await balancesOf(p.t, m.id)).toEqual({ balance: 0, gift: 0, held: 0 });
    // Repaid once, told once.
    expect(await repaidMessages(m)).toHaveLength(1);
    await expectBooksClean(p.t);
  });

  it('a repayment the balance cannot cover closes nothing and tells nothing (one transaction)', async () => {
    const { m, bill } = await memberWithBill();
    const res = await repayOnline(m, bill.id);
    const { outTradeNo } = res.body.data;
    await fund(p, m.id, bill.outstanding - 1);
    const short = await repayFromBalance(m, bill.id);
    expect(short.status).toBe(400);
    expect(await attemptOf(outTradeNo)).toEqual({ status: 'open', close_reason: null });
    expect(await repaidMessages(m)).toEqual([]);
    // The online page still repays it.
    expect(await notify(p.t, 'alipay', p.alipay.pay(outTradeNo))).toEqual(SUCCESS);
    expect(await billOf(m, bill.id)).toMatchObject({ status: 'paid' });
    await runPaymentJobs(p.t);
    await expectBooksClean(p.t);
  });
});

describe('the member is told when a bill is repaid', () => {
  it('from the balance: a finance message with the bill and the amount, written once', async () => {
    const { m, bill } = await memberWithBill();
    await fund(p, m.id, bill.outstanding);
    expect((await repayFromBalance(m, bill.id)).status).toBe(200);
    expect((await repayFromBalance(m, bill.id)).status).toBe(200);
    expect(await repaidMessages(m)).toEqual([
      {
        category: 'finance',
        link: '/creditAccount',
        content: expect.stringContaining(`${bill.period}的月结账单已还清：余额还款¥`),
      },
    ]);
  });

  it('online: the settlement writes it with the repayment, once for duplicate notifies; a refunded payment tells none', async () => {
    const { m, bill } = await memberWithBill();
    const first = (await repayOnline(m, bill.id, 'wechat')).body.data.outTradeNo;
    const second = (await repayOnline(m, bill.id)).body.data.outTradeNo;
    const paid = p.alipay.pay(second);
    await Promise.all(Array.from({ length: 5 }, () => notify(p.t, 'alipay', paid)));
    expect(await repaidMessages(m)).toEqual([
      expect.objectContaining({ content: expect.stringContaining('支付宝还款¥') }),
    ]);
    // The replaced page paid late: refunded, and no second 已还清.
    p.wechat.pay(first);
    await runPaymentJobs(p.t);
    await runPaymentJobs(p.t);
    expect(await receipts(first)).toEqual(['duplicate']);
    expect(await repaidMessages(m)).toHaveLength(1);
    await expectBooksClean(p.t);
  });
});
