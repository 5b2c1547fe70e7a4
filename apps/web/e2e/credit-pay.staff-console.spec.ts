// Credit pay (月结, issue 21, decisions 0059 and 0060) from both sides: the member applies on
// their phone, finance approves with a limit in the console (a second browser context), the
// member binds an approving mobile, pays an order on credit with the code texted to it, the
// order is on the month's bill (finance runs the bills), and the member repays it online at the
// Alipay sandbox cashier (decision 0065; the balance would cover it too), landing on 还款结果.
import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { FINANCE_TOTP_SECRET, PNG, staffPage } from './desk';
import {
  apiSetPaymentPassword,
  cashierYuan,
  data,
  memberWithOrderToPay,
  shot,
  yuanText,
} from './money-support';
import { memberPhone } from './order-flow';
import { confirmDialog, STAFF_PASSWORD, uniqueMobile } from './support';

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 240_000 });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const PAY_PASSWORD = '258036';

async function outboxCount(request: APIRequestContext, mobile: string) {
  return (await data<unknown[]>(await request.get(`/api/Sandbox/SmsOutbox?mobile=${mobile}`)))
    .length;
}

/** The code of the next text to `mobile` after `before` texts. */
async function nextCode(request: APIRequestContext, mobile: string, before: number) {
  await expect.poll(() => outboxCount(request, mobile)).toBeGreaterThan(before);
  const [latest] = await data<{ text: string }[]>(
    await request.get(`/api/Sandbox/SmsOutbox?mobile=${mobile}`),
  );
  return /\d{6}/.exec(latest!.text)![0];
}

/** An approved enterprise certification, through the API (its own spec drives the screens). */
async function certify(request: APIRequestContext, token: string, baseURL: string) {
  const upload = async (dirType: string) => {
    const ticket = await data<{
      host: string;
      dir: string;
      filename: string;
      fileExt: string;
      accessid: string;
      policy: string;
      signature: string;
    }>(
      await request.get(`/api/Common/getUploadCode?dirType=${dirType}&fileExt=png`, {
        headers: bearer(token),
      }),
    );
    const key = `${ticket.dir}${ticket.filename}${ticket.fileExt}`;
    const stored = await request.post(ticket.host, {
      multipart: {
        key,
        OSSAccessKeyId: ticket.accessid,
        policy: ticket.policy,
        Signature: ticket.signature,
        success_action_status: '200',
        'x-oss-forbid-overwrite': 'true',
        file: { name: 'a.png', mimeType: 'image/png', buffer: PNG },
      },
    });
    expect(stored.status()).toBe(200);
    return key;
  };
  const apply = await data<{ id: number }>(
    await request.put('/api/MemberCompanyApply/Save', {
      headers: bearer(token),
      data: {
        companyName: '南宁月结电子有限公司',
        creditCode: '91350100M000100Y43',
        legalPerson: '赵总',
        contactName: '钱经理',
        contactPhone: '13800000000',
        licenseKey: await upload('companyLicense'),
        letterKey: await upload('companyLetter'),
      },
    }),
  );
  const { request: newContext } = await import('@playwright/test');
  const sales = await newContext.newContext({ baseURL });
  const login = await data<{ session: { csrfToken: string } }>(
    await sales.post('/api/StaffAuth/Login', {
      data: { userName: 'sales', password: STAFF_PASSWORD },
    }),
  );
  await data(
    await sales.post('/api/StaffCompanyApply/Approve', {
      headers: { 'x-csrf-token': login.session.csrfToken },
      data: { id: apply.id },
    }),
  );
  await sales.dispose();
}

/** The first day after today (China time) that can be a billing day (the 1st–28th). */
function nextBillingDay(): string {
  let at = Date.now() + 8 * 3600_000;
  for (;;) {
    at += 86_400_000;
    const day = new Date(at).toISOString().slice(0, 10);
    if (Number(day.slice(8)) <= 28) return day;
  }
}

test('apply → finance approves → bind a mobile → pay on credit → the bill → repay', async ({
  browser,
  request,
  baseURL,
}) => {
  const { order, memberId } = await memberWithOrderToPay(request, baseURL!, 0);
  await certify(request, order.token, baseURL!);
  const token = await apiSetPaymentPassword(request, order, PAY_PASSWORD);
  const member = { mobile: order.mobile, token, receiverMobile: order.mobile };
  const phone = await memberPhone(browser, member);

  // The member applies.
  await phone.goto('/creditPay');
  await expect(phone.getByTestId('credit-state')).toHaveText('未申请');
  await expect(phone.getByTestId('order-stats')).toContainText('1 笔');
  await phone.getByTestId('apply-company').locator('input').fill('南宁月结电子有限公司');
  await phone.getByTestId('apply-contact').locator('input').fill('钱经理');
  await phone.getByTestId('apply-phone').locator('input').fill(order.mobile);
  await phone.getByTestId('apply-amount').locator('input').fill('20000');
  await shot(phone, 'credit-apply-form');
  await phone.getByTestId('credit-apply-submit').click();
  await expect(phone.getByTestId('credit-state')).toHaveText('审核中');
  await shot(phone, 'credit-apply-pending');

  // Finance approves in the console: ¥5,000 billed on the next billing day.
  const billDay = nextBillingDay();
  const desk = await staffPage(browser, 'finance', FINANCE_TOTP_SECRET);
  await desk.getByRole('menuitem', { name: '财务' }).click();
  await desk.getByRole('menuitem', { name: '月结审核' }).click();
  const row = desk.getByRole('row').filter({ hasText: '南宁月结电子有限公司' });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /审\s*核/ }).click();
  await desk.getByTestId('credit-limit-input').fill('5000');
  await desk.getByTestId('credit-billing-day-input').fill(String(Number(billDay.slice(8))));
  await desk.screenshot({ path: test.info().outputPath('console-credit-review.png') });
  await desk.getByRole('button', { name: /^通\s*过$/ }).click();
  await confirmDialog(desk, /^通\s*过$/);
  await expect(desk.getByText('已通过，月结额度已开通')).toBeVisible();

  await phone.goto('/creditAccount');
  await expect(phone.getByTestId('credit-available')).toHaveText('¥5,000.00');

  // A mobile to approve payments: a code to the login mobile, then one to the new mobile.
  const approver = uniqueMobile();
  await phone.getByTestId('pay-impower-open').click();
  const ownBefore = await outboxCount(request, order.mobile);
  await phone.getByTestId('owner-code-send').click();
  await phone
    .getByTestId('owner-code')
    .locator('input')
    .fill(await nextCode(request, order.mobile, ownBefore));
  await phone.getByTestId('bind-mobile').locator('input').fill(approver);
  await phone.getByTestId('mobile-code-send').click();
  await phone
    .getByTestId('mobile-code')
    .locator('input')
    .fill(await nextCode(request, approver, 0));
  await phone.getByTestId('bind-submit').click();
  await expect(phone.getByTestId('credit-mobile')).toHaveText(new RegExp(approver));
  await shot(phone, 'credit-pay-impower');

  // Pay the order on credit with the code texted to that mobile.
  await phone.goto(`/TheOrders/orderDetail?id=${order.id}&kind=pcb`);
  await phone.getByTestId('order-pay').click();
  const sheet = phone.getByTestId('pay-sheet');
  await sheet.getByTestId('pay-method-credit').click();
  await sheet.getByTestId('pay-confirm').click();
  await expect(sheet.getByTestId('credit-pay-step')).toBeVisible();
  await sheet.getByTestId('credit-pay-send').click();
  await sheet
    .getByTestId('credit-pay-code')
    .locator('input')
    .fill(await nextCode(request, approver, 1));
  await shot(phone, 'credit-pay-sheet');
  await sheet.getByTestId('credit-pay-submit').click();
  await expect(phone.getByText('支付成功')).toBeVisible();

  await phone.goto('/creditAccount');
  await expect(phone.getByTestId('credit-unbilled')).toHaveText(yuanText(order.total));

  // Finance runs the bills of the billing day (the daily job's work) and credits the balance.
  const session = await data<{ csrfToken: string }>(await desk.request.get('/api/StaffAuth/Me'));
  const staffHeaders = { 'x-csrf-token': session.csrfToken };
  await data(
    await desk.request.post('/api/StaffCreditPayment/RunBills', {
      headers: staffHeaders,
      data: { day: billDay },
    }),
  );
  await data(
    await desk.request.post('/api/StaffLedger/Adjust', {
      headers: staffHeaders,
      data: {
        memberId,
        account: 'balance',
        amount: order.total,
        reason: '测试：线下预存款入账',
        requestId: crypto.randomUUID(),
      },
    }),
  );

  // The order is on the bill; the member repays it through Alipay.
  await phone.goto('/creditAccount/billHistory');
  const bill = phone.getByTestId('credit-bill');
  await expect(bill).toHaveCount(1);
  await expect(bill.getByTestId('credit-bill-status')).toHaveText('待还款');
  await shot(phone, 'credit-bill-history');
  await bill.getByRole('button', { name: /还款/ }).click();
  // The repay sheet (decision 0065): 余额 (chosen, the balance covers it), 支付宝, 微信支付.
  const repay = phone.getByTestId('repay-sheet');
  await expect(repay.getByTestId('repay-way-balance')).toHaveAttribute('aria-checked', 'true');
  await shot(phone, 'credit-repay-sheet');
  await repay.getByTestId('repay-way-alipay').click();
  await expect(repay.getByTestId('repay-way-alipay')).toHaveAttribute('aria-checked', 'true');
  await repay.getByTestId('repay-submit').click();
  // Alipay's sandbox cashier: the bill's whole outstanding sum.
  await expect(phone).toHaveURL(/\/sandbox\/alipay\/cashier\/\d+$/);
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText(cashierYuan(order.total));
  await expect(phone.locator('.subject')).toHaveText(/^月结账单 \d{4}-\d{2} 还款$/);
  await phone.getByRole('button', { name: '支付成功' }).click();
  // Back on 还款结果, which asks the server until the bill is repaid.
  await expect(phone).toHaveURL(
    /\/creditAccount\/repaySuccess\?billId=\d+&channel=alipay&outTradeNo=B\w+/,
  );
  await expect(phone.getByTestId('repay-result')).toHaveAttribute('data-state', 'ok');
  await expect(phone.getByRole('heading', { name: '还款成功' })).toBeVisible();
  await shot(phone, 'credit-repay-success');
  await phone.getByTestId('repay-to-bills').click();
  await expect(bill.getByTestId('credit-bill-status')).toHaveText('已还清');
  await phone.goto('/creditAccount');
  await expect(phone.getByTestId('credit-available')).toHaveText('¥5,000.00');
  await shot(phone, 'credit-account');

  // The narrowest phones: every credit screen fits 320 px and passes axe.
  await phone.setViewportSize({ width: 320, height: 640 });
  for (const [path, name] of [
    ['/creditPay', 'credit-pay-320'],
    ['/creditAccount', 'credit-account-320'],
    ['/creditAccount/billHistory', 'credit-bill-history-320'],
    ['/creditAccount/payImpower', 'credit-pay-impower-320'],
  ] as const) {
    await phone.goto(path);
    await expect(phone.getByTestId('page-loading')).toHaveCount(0);
    await shot(phone, name);
  }
});
