// Paying online in the browser (decisions 0056, 0057), through the embedded sandboxes that speak
// the providers' protocols: an order paid at the Alipay sandbox cashier (支付成功 → paySuccess,
// 支付失败 → payFail: the member left the cashier) and at WeChat Pay's H5 cashier (opened with
// our origin as its Referer, which it checks; 支付成功 → paySuccess, 支付失败 → payFail once the
// server learns it failed); a top-up ending on prepaidSuccess with the balance grown; an order
// paid from the balance and Alipay, then cancelled before production: the refund in 收支明细.
// What the member sees is asserted (amounts in ¥, statuses in Chinese); each screen is
// photographed at 375 px and checked by axe.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import {
  apiSetPaymentPassword,
  cashierYuan,
  memberWithOrderToPay,
  shot,
  staff,
  typeDigits,
  yuanText,
} from './money-support';
import { toast, useToken } from './support';

// Several screens and two servers' worth of work per step (the provider's sandbox, then ours
// asking it); machines running several suites at once are slow to answer.
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 300_000 });
test.use({ viewport: { width: 375, height: 760 } });

const PAY_PASSWORD = '385917';

/** Opens the order's pay sheet from its detail and checks the amount due. */
async function openPaySheet(page: Page, order: { id: number; total: number }) {
  await page.goto(`/TheOrders/orderDetail?id=${order.id}&kind=pcb`);
  await page.getByTestId('order-pay').click();
  const sheet = page.getByTestId('pay-sheet');
  await expect(sheet.getByTestId('pay-total')).toHaveText(yuanText(order.total));
  return sheet;
}

/** Chooses a provider on the sheet and confirms; the page leaves for its cashier. */
async function payOnline(page: Page, order: { total: number }, channel: 'alipay' | 'wechat') {
  const sheet = page.getByTestId('pay-sheet');
  await sheet.getByTestId(`pay-method-${channel}`).click();
  await expect(sheet.getByTestId(`pay-method-${channel}`)).toHaveAttribute('aria-checked', 'true');
  await expect(sheet.getByTestId('pay-confirm')).toHaveText(`确认支付 ${yuanText(order.total)}`);
  await sheet.getByTestId('pay-confirm').click();
}

/** The Alipay sandbox's cashier, as Alipay's wap pay would show it. */
async function alipayCashier(page: Page, amount: number, subject: string | RegExp) {
  await expect(page).toHaveURL(/\/sandbox\/alipay\/cashier\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(cashierYuan(amount));
  await expect(page.locator('.subject')).toHaveText(subject);
  await expect(page.getByRole('button', { name: '支付成功' })).toBeVisible();
  await expect(page.getByRole('button', { name: '支付失败' })).toBeVisible();
}

/** WeChat Pay's H5 cashier (checkmweb): it opened, so the Referer named our origin. */
async function wechatCashier(page: Page, amount: number, subject: string) {
  await expect(page).toHaveURL(/\/sandbox\/wechat-pay\/checkmweb\?prepay_id=/);
  await expect(page.getByTestId('wxpay-error')).toHaveCount(0);
  await expect(page.getByTestId('wxpay-amount')).toHaveText(cashierYuan(amount));
  await expect(page.getByTestId('wxpay-subject')).toHaveText(subject);
}

test('pays an order at the Alipay sandbox cashier: paySuccess, the order in production', async ({
  page,
  request,
  baseURL,
}) => {
  const { order } = await memberWithOrderToPay(request, baseURL!, 0);
  await useToken(page, order.token);
  const sheet = await openPaySheet(page, order);
  // No balance: the balance row says why, and Alipay is chosen.
  await expect(sheet.getByTestId('pay-method-balance')).toHaveAttribute('aria-disabled', 'true');
  await expect(sheet.getByTestId('pay-method-alipay')).toHaveAttribute('aria-checked', 'true');
  await payOnline(page, order, 'alipay');

  await alipayCashier(page, order.total, `PCB订单 ${order.orderNo}`);
  await shot(page, 'alipay-cashier-375');
  await page.getByRole('button', { name: '支付成功' }).click();

  // Back on the return address, which names the provider and the payment.
  await expect(page).toHaveURL(
    new RegExp(`/TheOrders/paySuccess\\?id=${order.id}&kind=pcb&channel=alipay&outTradeNo=P\\w+&`),
  );
  const result = page.getByTestId('pay-result');
  await expect(result).toHaveAttribute('data-state', 'ok');
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
  await expect(result).toContainText(yuanText(order.total));
  await expect(result).toContainText(`订单号 ${order.orderNo}`);
  await shot(page, 'alipay-pay-success-375');
  await page.getByTestId('pay-view-order').click();
  await expect(page.getByTestId('order-band')).toContainText('生产中');
  await expect(page.getByTestId('order-pay')).toHaveCount(0);
});

test('leaves the Alipay sandbox cashier without paying: payFail, then 重新支付', async ({
  page,
  request,
  baseURL,
}) => {
  const { order } = await memberWithOrderToPay(request, baseURL!, 0);
  await useToken(page, order.token);
  await openPaySheet(page, order);
  await payOnline(page, order, 'alipay');
  await alipayCashier(page, order.total, `PCB订单 ${order.orderNo}`);
  await page.getByRole('button', { name: '支付失败' }).click();

  // Alipay's quit address: the fail screen, which asked the server (still unpaid).
  await expect(page).toHaveURL(/\/TheOrders\/payFail\?.*channel=alipay.*reason=cancelled/);
  await expect(page.getByRole('heading', { name: '支付未完成' })).toBeVisible();
  await expect(page.getByTestId('pay-fail-reason')).toHaveText('您已取消支付');
  const card = page.getByTestId('pay-fail');
  await expect(card).toContainText(yuanText(order.total));
  await expect(card).toContainText(`订单号 ${order.orderNo}`);
  await expect(card).toContainText('本次未扣款');
  await expect(page.getByTestId('pay-again')).toBeEnabled();
  await shot(page, 'alipay-pay-fail-375');
  await page.getByTestId('pay-again').click();
  await expect(page.getByTestId('pay-sheet').getByTestId('pay-total')).toHaveText(
    yuanText(order.total),
  );
});

test('pays an order at WeChat Pay’s H5 sandbox cashier: paySuccess', async ({
  page,
  request,
  baseURL,
}) => {
  const { order } = await memberWithOrderToPay(request, baseURL!, 0);
  await useToken(page, order.token);
  await openPaySheet(page, order);
  const opened = page.waitForRequest((r) => r.url().includes('/sandbox/wechat-pay/checkmweb'));
  await payOnline(page, order, 'wechat');
  // The H5 page is told our origin, and nothing of the page's address.
  expect((await opened).headers().referer).toBe(`${baseURL}/`);

  await wechatCashier(page, order.total, `PCB订单 ${order.orderNo}`);
  await shot(page, 'wechat-cashier-375');
  await page.getByTestId('wxpay-success').click();

  await expect(page).toHaveURL(
    new RegExp(`/TheOrders/paySuccess\\?id=${order.id}&kind=pcb&channel=wechat&outTradeNo=P\\w+$`),
  );
  const result = page.getByTestId('pay-result');
  await expect(result).toHaveAttribute('data-state', 'ok');
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
  await expect(result).toContainText(yuanText(order.total));
  await shot(page, 'wechat-pay-success-375');
  await page.getByTestId('pay-view-order').click();
  await expect(page.getByTestId('order-band')).toContainText('生产中');
});

test('a failed payment at WeChat Pay’s H5 sandbox cashier: payFail, the order still to pay', async ({
  page,
  request,
  baseURL,
}) => {
  const { order } = await memberWithOrderToPay(request, baseURL!, 0);
  await useToken(page, order.token);
  await openPaySheet(page, order);
  await payOnline(page, order, 'wechat');
  await wechatCashier(page, order.total, `PCB订单 ${order.orderNo}`);
  await page.getByTestId('wxpay-fail').click();

  // Back on the return address; the server asks WeChat Pay, learns it failed, and closes it.
  await expect(page).toHaveURL(/\/TheOrders\/payFail\?id=\d+&kind=pcb&reason=closed$/);
  await expect(page.getByRole('heading', { name: '支付未完成' })).toBeVisible();
  await expect(page.getByTestId('pay-fail-reason')).toHaveText('支付未完成，本次支付已关闭');
  await expect(page.getByTestId('pay-fail')).toContainText(yuanText(order.total));
  await expect(page.getByTestId('pay-again')).toBeEnabled();
  await shot(page, 'wechat-pay-fail-375');
  await page.getByRole('button', { name: '查看订单' }).click();
  await expect(page.getByTestId('order-band')).toContainText('待付款');
});

test('tops up the balance at the Alipay sandbox cashier: prepaidSuccess, the balance grown', async ({
  page,
  request,
  baseURL,
}) => {
  const start = 12_345;
  const { order } = await memberWithOrderToPay(request, baseURL!, start);
  await useToken(page, order.token);
  await page.goto('/theBalance');
  await expect(page.getByTestId('balance-amount')).toHaveText(yuanText(start));
  await page.getByTestId('recharge-open').click();
  await page.getByTestId('recharge-custom').locator('input').fill('200');
  await page.getByTestId('recharge-channel-alipay').click();
  await expect(page.getByTestId('recharge-confirm')).toHaveText('充值 ¥200.00');
  await page.getByTestId('recharge-confirm').click();

  await alipayCashier(page, 20_000, '会员余额充值');
  await page.getByRole('button', { name: '支付成功' }).click();

  await expect(page).toHaveURL(/\/theBalance\/prepaidSuccess\?channel=alipay&outTradeNo=R\w+&/);
  const result = page.getByTestId('prepaid-result');
  await expect(result).toHaveAttribute('data-state', 'ok');
  await expect(page.getByRole('heading', { name: '充值成功' })).toBeVisible();
  await expect(result).toContainText('¥200.00');
  await expect(page.getByTestId('prepaid-new-balance')).toHaveText(
    `当前余额 ${yuanText(start + 20_000)}`,
  );
  await shot(page, 'prepaid-success-375');
  await page.getByTestId('prepaid-to-balance').click();
  await expect(page.getByTestId('balance-amount')).toHaveText(yuanText(start + 20_000));
  await page.getByTestId('bill-list-open').click();
  const top = page.getByTestId('money-log').first();
  await expect(top).toContainText('充值');
  await expect(top).toContainText('支付宝 ¥200.00');
  await expect(top).toContainText('+¥200.00');
});

test('cancels an order paid from the balance and Alipay before production: the refund in 收支明细', async ({
  page,
  request,
  baseURL,
}) => {
  // Less than the total: the balance pays what it has, Alipay the rest.
  const placed = await memberWithOrderToPay(request, baseURL!, 0);
  const balance = Math.floor(placed.order.total / 3);
  const { memberId, order } = placed;
  const factory = await staff(baseURL!);
  await factory.credit(memberId, balance);
  await factory.dispose();
  const token = await apiSetPaymentPassword(request, order, PAY_PASSWORD);
  await useToken(page, token);
  const online = order.total - balance;

  const sheet = await openPaySheet(page, order);
  await expect(sheet.getByTestId('pay-method-balanceOnline')).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(sheet.getByTestId('pay-summary')).toContainText(
    `余额 ${yuanText(balance)} + 支付宝 ${yuanText(online)}`,
  );
  await shot(page, 'pay-sheet-balance-online-375');
  await sheet.getByTestId('pay-confirm').click();
  await expect(sheet.getByTestId('pay-passcode-step')).toBeVisible();
  await typeDigits(page, PAY_PASSWORD);
  await alipayCashier(page, online, `PCB订单 ${order.orderNo}`);
  await page.getByRole('button', { name: '支付成功' }).click();
  await expect(page.getByRole('heading', { name: '支付成功' })).toBeVisible();
  await page.getByTestId('pay-view-order').click();
  await expect(page.getByTestId('order-band')).toContainText('生产中');

  // Before the factory's first step the member may cancel; the money goes back where it came from.
  await page.getByRole('button', { name: '取消订单' }).click();
  await expect(page.getByTestId('cancel-refund-note')).toContainText('原路退款');
  await page.getByTestId('cancel-reasons').getByText('重复下单').click();
  await page.getByTestId('cancel-confirm').click();
  await expect(toast(page, '订单已取消')).toBeVisible();
  await expect(page.getByTestId('order-band')).toContainText('已取消');

  await page.goto('/theBalance');
  await expect(page.getByTestId('balance-amount')).toHaveText(yuanText(balance));
  await page.getByTestId('bill-list-open').click();
  const logs = page.getByTestId('money-log');
  const refund = logs.filter({ hasText: '退款' }).first();
  await expect(refund).toContainText(`订单 ${order.orderNo}`);
  await expect(refund).toContainText(`余额 ${yuanText(balance)}`);
  await expect(refund).toContainText(`支付宝 ${yuanText(online)}`);
  await expect(refund).toContainText(`+${yuanText(order.total)}`);
  // Paid in two parts: the held balance, and Alipay.
  const paid = logs.filter({ hasText: '订单付款' });
  await expect(paid).toHaveCount(2);
  await expect(paid.filter({ hasText: '余额（冻结）' })).toContainText(`-${yuanText(balance)}`);
  await expect(paid.filter({ hasText: '支付宝' })).toContainText(`-${yuanText(online)}`);
  await shot(page, 'bill-list-refund-375');
  // The balance's own log: the refund of its part.
  await page.getByTestId('bill-book-balance').click();
  await expect(logs.filter({ hasText: '退款' }).first()).toContainText(`+${yuanText(balance)}`);
});
