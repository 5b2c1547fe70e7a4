// Issue 20 in the browser, the member's money screens (decision 0056): an order at 待付款 paid
// from the balance with the payment password (set on the way, from the pay sheet), a wrong
// password first; paySuccess asking the server; the balance, its log and the top-up sheet; the
// payFail screen and 重新支付. At 375 and 320 px, each screen checked by axe and photographed.
// The order is placed and passed through the API, the balance credited by finance (an audited
// adjustment); the member uses the screens.
import { randomUUID } from 'node:crypto';
import {
  expect as baseExpect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { TOTP } from 'otpauth';
import { expectAccessible } from './axe';
import { placePcbOrder } from './order-api';
import { STAFF_PASSWORD, latestSmsCode, passHumanVerification, useToken } from './support';

// A flow of many screens, each asking the server; machines running several suites at once are
// slow to answer, and a wait that is long enough never slows a passing run.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 300_000 });

const FINANCE_TOTP_SECRET = 'PCBDEMOFINANCESECRET234567ABCDEF';
const TOTP_PERIOD_MS = 30_000;

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { success: boolean; data: T; message: string };
  expect(body.success, body.message).toBe(true);
  return body.data;
}

/**
 * Staff through the API: the engineer passes the order (→ 待付款), finance credits the
 * member's balance (StaffLedger/Adjust, with its second factor).
 */
async function staff(baseURL: string) {
  const engineer = await playwrightRequest.newContext({ baseURL });
  const login = await data<{ session: { csrfToken: string } }>(
    await engineer.post('/api/StaffAuth/Login', {
      data: { userName: 'engineer', password: STAFF_PASSWORD },
    }),
  );
  const finance = await playwrightRequest.newContext({ baseURL });
  const first = await data<{ next: string; challenge: string }>(
    await finance.post('/api/StaffAuth/Login', {
      data: { userName: 'finance', password: STAFF_PASSWORD },
    }),
  );
  expect(first.next).toBe('totp');
  const totp = new TOTP({ secret: FINANCE_TOTP_SECRET, digits: 6, period: 30, algorithm: 'SHA1' });
  let financeCsrf = '';
  // Each step's code is taken once; another spec may have used this step's: the next one.
  for (const ahead of [0, TOTP_PERIOD_MS]) {
    const answer = await finance.post('/api/StaffAuth/VerifyTotp', {
      data: { challenge: first.challenge, code: totp.generate({ timestamp: Date.now() + ahead }) },
    });
    // VerifyTotp answers the session itself.
    const body = (await answer.json()) as { success: boolean; data: { csrfToken: string } | null };
    if (body.success && body.data) {
      financeCsrf = body.data.csrfToken;
      break;
    }
  }
  expect(financeCsrf).not.toBe('');
  return {
    pass: async (id: number) =>
      data(
        await engineer.post('/api/StaffOrder/Pass', {
          headers: { 'x-csrf-token': login.session.csrfToken },
          data: { id },
        }),
      ),
    credit: async (memberId: number, amount: number) =>
      data(
        await finance.post('/api/StaffLedger/Adjust', {
          headers: { 'x-csrf-token': financeCsrf },
          data: {
            memberId,
            account: 'balance',
            amount,
            reason: '测试：线下预存款入账',
            requestId: randomUUID(),
          },
        }),
      ),
    dispose: async () => {
      await engineer.dispose();
      await finance.dispose();
    },
  };
}

/** A fresh member with a PCB order at 待付款 and ¥1,000 of balance. */
async function memberWithOrderToPay(request: APIRequestContext, baseURL: string) {
  const order = await placePcbOrder(request);
  const me = await data<{ id: number }>(
    await request.get('/api/MemberInfo/Get', {
      headers: { authorization: `Bearer ${order.token}` },
    }),
  );
  const factory = await staff(baseURL);
  await factory.pass(order.id);
  await factory.credit(me.id, 100_000);
  await factory.dispose();
  return { order, memberId: me.id };
}

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
}

/** Checks the screen as it is (no overflow, nothing axe-core finds) and keeps a picture of it. */
async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished),
    ),
  );
  await noHorizontalOverflow(page);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** A key of the number keyboard on screen. */
const keyboardKey = (page: Page, text: string) =>
  page.locator('.adm-number-keyboard-key:visible').filter({ hasText: new RegExp(`^${text}$`) });

async function typeDigits(page: Page, digits: string) {
  await expect(keyboardKey(page, '0')).toHaveCount(1);
  for (const digit of digits) await keyboardKey(page, digit).click();
}

/** The payment password page, as the pay sheet's 去设置支付密码 opens it. */
async function setPaymentPassword(page: Page, request: APIRequestContext, mobile: string) {
  await expect(page).toHaveURL(/\/accountSecurity\/payThePassword\?back=/);
  await passHumanVerification(page);
  const outbox = async () =>
    data<{ text: string }[]>(await request.get(`/api/Sandbox/SmsOutbox?mobile=${mobile}`));
  const before = (await outbox()).length;
  await page.getByTestId('pay-password-send-code').click();
  // The registration's code is in the outbox already: wait for the new one.
  await expect.poll(async () => (await outbox()).length).toBeGreaterThan(before);
  await page.locator('#pay-password-sms-code').fill(await latestSmsCode(request, mobile));
  await page.getByTestId('pay-password-input').click();
  await typeDigits(page, '385917');
  // The first full entry moves to the confirmation, with its own keyboard.
  await typeDigits(page, '385917');
  await keyboardKey(page, '完成').click();
  await page.getByTestId('pay-password-submit').click();
}

for (const width of [375, 320]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 760 } });

    test('pays an order from the balance with the payment password', async ({
      page,
      request,
      baseURL,
    }) => {
      const { order } = await memberWithOrderToPay(request, baseURL!);
      await useToken(page, order.token);

      // The member centre's balance opens /theBalance.
      await page.goto('/member');
      await expect(page.getByTestId('member-balance')).toHaveText('¥1,000.00');
      await page.getByTestId('member-balance-link').click();
      await expect(page).toHaveURL(/\/theBalance$/);
      await expect(page.getByTestId('balance-amount')).toHaveText('¥1,000.00');

      await page.goto(`/TheOrders/orderDetail?id=${order.id}&kind=pcb`);
      await page.getByTestId('order-pay').click();
      const sheet = page.getByTestId('pay-sheet');
      await expect(sheet.getByTestId('pay-total')).toHaveText(`¥${(order.total / 100).toFixed(2)}`);
      await expect(sheet.getByTestId('pay-method-balance')).toHaveAttribute('aria-checked', 'true');
      await expect(sheet.getByTestId('pay-password-unset')).toBeVisible();
      await shot(page, `pay-sheet-${width}`);

      // No payment password yet: set it, and come back to the sheet.
      await sheet.getByTestId('pay-confirm').click();
      await setPaymentPassword(page, request, order.mobile);
      await expect(page).toHaveURL(/\/TheOrders\/orderDetail\?id=\d+&kind=pcb/);
      await expect(sheet.getByTestId('pay-confirm')).toHaveText(
        `确认支付 ¥${(order.total / 100).toFixed(2)}`,
      );

      // A wrong password first: the server counts the tries.
      await sheet.getByTestId('pay-confirm').click();
      await expect(sheet.getByTestId('pay-passcode-step')).toBeVisible();
      await typeDigits(page, '111111');
      await expect(sheet.getByTestId('pay-password-problem')).toHaveText(
        '支付密码错误，还可尝试4次',
      );
      await shot(page, `pay-password-${width}`);
      await typeDigits(page, '385917');

      // paySuccess asks the server; the order is in production.
      await expect(page).toHaveURL(/\/TheOrders\/paySuccess\?id=\d+&kind=pcb$/);
      await expect(page.getByTestId('pay-result')).toHaveAttribute('data-state', 'ok');
      await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
      await shot(page, `pay-success-${width}`);
      await page.getByTestId('pay-view-order').click();
      await expect(page.getByTestId('order-band')).toContainText('生产中');
      await expect(page.getByTestId('order-pay')).toHaveCount(0);

      // The balance and its log.
      await page.goto('/theBalance');
      const left = 100_000 - order.total;
      await expect(page.getByTestId('balance-amount')).toHaveText(
        `¥${Math.floor(left / 100).toLocaleString('en-US')}.${String(left % 100).padStart(2, '0')}`,
      );
      await shot(page, `the-balance-${width}`);
      await page.getByTestId('bill-list-open').click();
      await expect(page).toHaveURL(/\/theBalance\/billList$/);
      const logs = page.getByTestId('money-log');
      await expect(logs.first()).toContainText('订单付款');
      await expect(logs.first()).toContainText(order.orderNo);
      await expect(logs.filter({ hasText: '调整' })).toHaveCount(1);
      await shot(page, `bill-list-${width}`);
      await page.getByTestId('bill-type-pay').click();
      await expect(logs).toHaveCount(1);
      await page.getByTestId('bill-book-balance').click();
      await expect(logs.first()).toContainText('余额');
    });

    test('the top-up sheet states its limits; payFail offers 重新支付', async ({
      page,
      request,
      baseURL,
    }) => {
      const { order } = await memberWithOrderToPay(request, baseURL!);
      await useToken(page, order.token);

      await page.goto('/theBalance');
      await page.getByTestId('recharge-open').click();
      await expect(page.getByTestId('recharge-limits')).toContainText('单笔充值¥1.00至¥50,000.00');
      await page.getByTestId('recharge-custom').locator('input').fill('0.5');
      await page.getByTestId('recharge-custom').locator('input').blur();
      await expect(page.getByTestId('recharge-problem')).toHaveText('单笔充值不能少于¥1.00');
      await page.getByTestId('recharge-custom').locator('input').fill('200');
      await expect(page.getByTestId('recharge-confirm')).toHaveText('充值 ¥200.00');
      await shot(page, `recharge-${width}`);
      await page.getByRole('button', { name: '关闭' }).click();

      // The virtual account for bank transfers, or why there is none.
      await expect(
        page.getByTestId('virtual-account-facts').or(page.getByTestId('virtual-account-none')),
      ).toBeVisible();

      // A payment that did not go through: the reason, and 重新支付 opens the sheet again.
      await page.goto(`/TheOrders/payFail?id=${order.id}&kind=pcb&reason=closed`);
      await expect(page.getByTestId('pay-fail-reason')).toHaveText('支付未完成，本次支付已关闭');
      await expect(page.getByTestId('pay-fail')).toContainText(order.orderNo);
      await shot(page, `pay-fail-${width}`);
      await page.getByTestId('pay-again').click();
      await expect(page.getByTestId('pay-methods')).toBeVisible();

      await page.goto('/theBalance/prepaidFail?reason=cancelled');
      await expect(page.getByTestId('prepaid-fail-reason')).toHaveText('您已取消支付');
      await shot(page, `prepaid-fail-${width}`);
    });
  });
}
