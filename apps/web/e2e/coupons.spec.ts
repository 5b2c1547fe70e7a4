// Issue 21 in the browser, coupons (decisions 0061, 0062, 0064): 运营 opens a campaign (through
// the API); the member claims a coupon in the claim centre, sees it in /couponsInfo, pays an
// order with it preselected on the pay sheet, cancels the order, and has the coupon back — with
// the balance at 375 and 320 px, and with Alipay at its sandbox cashier (the provider asked the
// total less the coupon, 支付记录 showing 优惠券 −¥10). Each screen checked by axe and photographed.
import { expect as baseExpect, request as playwrightRequest, test } from '@playwright/test';
import {
  apiSetPaymentPassword,
  cashierYuan,
  data,
  memberWithOrderToPay,
  shot,
  typeDigits,
  yuanText,
} from './money-support';
import { STAFF_PASSWORD, apiLogin, toast, useToken } from './support';

const expect = baseExpect.configure({ timeout: 15_000 });
test.describe.configure({ timeout: 300_000 });

const COUPON = 1_000;

/** 运营 (content, no second factor) makes a PCB ¥10 coupon without minimum and a campaign of it. */
async function openCampaign(baseURL: string, name: string) {
  const content = await playwrightRequest.newContext({ baseURL });
  const login = await data<{ session: { csrfToken: string } }>(
    await content.post('/api/StaffAuth/Login', {
      data: { userName: 'content', password: STAFF_PASSWORD },
    }),
  );
  const headers = { 'x-csrf-token': login.session.csrfToken };
  const template = await data<{ id: number }>(
    await content.post('/api/StaffCoupon/CreateTemplate', {
      headers,
      data: {
        name,
        serviceType: 'pcb',
        amount: COUPON,
        minOrderAmount: 0,
        validityKind: 'days',
        validDays: 30,
      },
    }),
  );
  const now = Date.now();
  const campaign = await data<{ id: number }>(
    await content.post('/api/StaffCoupon/CreateCampaign', {
      headers,
      data: {
        name,
        templateId: template.id,
        stock: 100,
        perMemberLimit: 1,
        startsAt: new Date(now - 60_000).toISOString(),
        endsAt: new Date(now + 7 * 86_400_000).toISOString(),
      },
    }),
  );
  await content.dispose();
  return campaign;
}

for (const width of [375, 320]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 760 } });

    test('claims a coupon, pays with it, cancels the order and has it back', async ({
      page,
      request,
      baseURL,
    }) => {
      const name = `测试领券${width}`;
      const campaign = await openCampaign(baseURL!, name);
      const { order } = await memberWithOrderToPay(request, baseURL!);
      const token = await apiSetPaymentPassword(request, order, '385917');
      await useToken(page, token);

      // The member centre's 优惠券 tile opens /couponsInfo; nothing held yet.
      await page.goto('/member');
      await page.getByText('优惠券', { exact: true }).click();
      await expect(page).toHaveURL(/\/couponsInfo$/);
      await expect(page.getByTestId('page-empty')).toBeVisible();
      await shot(page, `coupons-empty-${width}`);

      // The claim centre: claim one; the limit is then reached.
      await page.getByTestId('to-redemption').click();
      await expect(page).toHaveURL(/\/couponsInfo\/couponsRedemption$/);
      const card = page.getByTestId(`campaign-${campaign.id}`);
      await expect(card).toContainText(name);
      await expect(card).toContainText('剩余100张');
      await shot(page, `coupons-redemption-${width}`);
      await page.getByTestId(`claim-${campaign.id}`).click();
      await expect(toast(page, '领取成功')).toBeVisible();
      await expect(page.getByTestId(`claim-${campaign.id}`)).toHaveText('已领取');
      await expect(card).toContainText('剩余99张');

      // /couponsInfo lists it, unused.
      await page.goto('/couponsInfo');
      await expect(page.getByTestId('coupon-tab-unused')).toHaveText('未使用(1)');
      await expect(page.getByTestId('coupon-list')).toContainText(name);
      await shot(page, `coupons-info-${width}`);

      // The pay sheet preselects it: the balance pays the total less ¥10.
      await page.goto(`/TheOrders/orderDetail?id=${order.id}&kind=pcb`);
      await page.getByTestId('order-pay').click();
      const sheet = page.getByTestId('pay-sheet');
      await expect(sheet.getByTestId('pay-coupon-detail')).toHaveText(`-${yuanText(COUPON)} ›`);
      await expect(sheet.getByTestId('pay-confirm')).toHaveText(
        `确认支付 ${yuanText(order.total - COUPON)}`,
      );
      await shot(page, `pay-sheet-coupon-${width}`);
      await sheet.getByTestId('pay-coupon-row').click();
      await expect(page.getByTestId('pay-coupons')).toContainText(name);
      await shot(page, `pay-coupon-list-${width}`);
      await page.getByTestId('pay-coupons').getByRole('radio').first().click();
      await sheet.getByTestId('pay-confirm').click();
      await typeDigits(page, '385917');
      await expect(page).toHaveURL(/\/TheOrders\/paySuccess\?id=\d+&kind=pcb$/);
      await expect(page.getByTestId('pay-result')).toHaveAttribute('data-state', 'ok');

      // Used, with its order.
      await page.goto('/couponsInfo?state=used');
      await expect(page.getByTestId('coupon-list')).toContainText(order.orderNo);
      await expect(page.getByTestId('coupon-tab-unused')).toHaveText('未使用(0)');

      // Cancel the paid order: the money and the coupon come back.
      await page.goto(`/TheOrders/orderDetail?id=${order.id}&kind=pcb`);
      await page.getByTestId('order-action-cancel').click();
      await page
        .getByTestId('cancel-reasons')
        .getByRole('radio', { name: '交期不满足需求' })
        .click();
      await page.getByTestId('cancel-confirm').click();
      await expect(toast(page, '订单已取消')).toBeVisible();
      await page.goto('/couponsInfo');
      await expect(page.getByTestId('coupon-tab-unused')).toHaveText('未使用(1)');
      await expect(page.getByTestId('coupon-list')).toContainText(name);
      await page.goto('/theBalance');
      await expect(page.getByTestId('balance-amount')).toHaveText(yuanText(100_000));
    });

    test('the demo member’s coupons: the bundle to receive, one expiring soon, one expired', async ({
      page,
      request,
    }) => {
      await useToken(page, await apiLogin(request));
      await page.goto('/couponsInfo');
      await expect(page.getByTestId('register-bundle')).toBeVisible();
      await expect(page.getByTestId('coupon-expiring')).toHaveCount(1);
      await shot(page, `coupons-demo-${width}`);
      await page.getByTestId('coupon-tab-expired').click();
      await expect(page.getByTestId('coupon-list')).toContainText('新人钢网券');
      await shot(page, `coupons-demo-expired-${width}`);
    });
  });
}

test.describe('with Alipay', () => {
  test.use({ viewport: { width: 375, height: 760 } });

  test('a coupon with an Alipay payment: the cashier asks the total less it; cancel gives it back', async ({
    page,
    request,
    baseURL,
  }) => {
    const name = '测试支付宝用券';
    const campaign = await openCampaign(baseURL!, name);
    const { order } = await memberWithOrderToPay(request, baseURL!, 0);
    await useToken(page, order.token);
    await page.goto('/couponsInfo/couponsRedemption');
    await page.getByTestId(`claim-${campaign.id}`).click();
    await expect(toast(page, '领取成功')).toBeVisible();

    // The sheet: no balance, Alipay chosen, the coupon applies to it (no 仅限… marking).
    await page.goto(`/TheOrders/orderDetail?id=${order.id}&kind=pcb`);
    await page.getByTestId('order-pay').click();
    const sheet = page.getByTestId('pay-sheet');
    await expect(sheet.getByTestId('pay-method-alipay')).toHaveAttribute('aria-checked', 'true');
    await expect(sheet.getByTestId('pay-coupon-detail')).toHaveText(`-${yuanText(COUPON)} ›`);
    await expect(sheet.getByTestId('pay-total')).toContainText(yuanText(order.total - COUPON));
    await expect(sheet.getByTestId('pay-confirm')).toHaveText(
      `确认支付 ${yuanText(order.total - COUPON)}`,
    );
    await shot(page, 'pay-sheet-coupon-alipay-375');
    await sheet.getByTestId('pay-confirm').click();

    // Alipay's sandbox cashier asks the total less the coupon.
    await expect(page).toHaveURL(/\/sandbox\/alipay\/cashier\/\d+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      cashierYuan(order.total - COUPON),
    );
    await page.getByRole('button', { name: '支付成功' }).click();
    await expect(page.getByTestId('pay-result')).toHaveAttribute('data-state', 'ok');
    await shot(page, 'pay-success-coupon-alipay-375');

    // Used, with its order; the order's 支付记录 names it.
    await page.goto('/couponsInfo?state=used');
    await expect(page.getByTestId('coupon-list')).toContainText(order.orderNo);
    await page.goto(`/TheOrders/orderDetail?id=${order.id}&kind=pcb`);
    const paid = page.getByTestId('order-paid-with');
    await expect(paid.getByTestId('paid-coupon')).toContainText(`−${yuanText(COUPON)}`);
    await expect(paid.getByTestId('paid-coupon')).toContainText(name);
    await expect(paid.getByTestId('paid-online')).toContainText('支付宝');
    await expect(paid.getByTestId('paid-online')).toContainText(yuanText(order.total - COUPON));
    await paid.scrollIntoViewIfNeeded();
    await shot(page, 'order-paid-with-coupon-375');

    // Cancel before production: Alipay refunds its part, the coupon comes back.
    await page.getByTestId('order-action-cancel').click();
    await page.getByTestId('cancel-reasons').getByRole('radio', { name: '交期不满足需求' }).click();
    await page.getByTestId('cancel-confirm').click();
    await expect(toast(page, '订单已取消')).toBeVisible();
    await page.goto('/couponsInfo');
    await expect(page.getByTestId('coupon-tab-unused')).toHaveText('未使用(1)');
    await expect(page.getByTestId('coupon-list')).toContainText(name);
  });
});
