// Issue 20 in the browser, the member's money screens (decision 0056): an order at 待付款 paid
// from the balance with the payment password (set on the way, from the pay sheet), a wrong
// password first; paySuccess asking the server; the balance, its log and the top-up sheet; the
// payFail screen and 重新支付. At 375 and 320 px, each screen checked by axe and photographed.
// The order is placed and passed through the API, the balance credited by finance (an audited
// adjustment); the member uses the screens.
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  data,
  keyboardKey,
  memberWithOrderToPay,
  shot,
  typeDigits,
  yuanText,
} from './money-support';
import { latestSmsCode, passHumanVerification, useToken } from './support';

// A flow of many screens, each asking the server; machines running several suites at once are
// slow to answer, and a wait that is long enough never slows a passing run.
const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 300_000 });

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
      await expect(page.getByTestId('balance-amount')).toHaveText(yuanText(left));
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
