// Issue 23 in the browser, points and the daily sign-in (decision 0073): a new member opens
// /integral from the /member header, signs in (toast, the card's day 1 done, the balance and the
// header's 积分 up by day 1's reward), a second tap is not offered, the history shows the entry
// and the rules page the seven rewards — at 375 and 320 px, each screen checked by axe and
// photographed.
import { expect as baseExpect, request as playwrightRequest, test } from '@playwright/test';
import { data, shot } from './money-support';
import { apiRegister, STAFF_PASSWORD, toast, uniqueMobile, useToken } from './support';

const expect = baseExpect.configure({ timeout: 15_000 });

/** 运营 (content) puts a ¥10 PCB coupon in the points shop at 1 point (through the API). */
async function shopCoupon(baseURL: string, name: string) {
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
        amount: 1_000,
        minOrderAmount: 0,
        validityKind: 'days',
        validDays: 30,
      },
    }),
  );
  const item = await data<{ id: number }>(
    await content.post('/api/StaffShop/CreateItem', {
      headers,
      data: {
        kind: 'coupon',
        name,
        description: '',
        pointsPrice: 1,
        stock: 5,
        templateId: template.id,
      },
    }),
  );
  await content.dispose();
  return item;
}
test.describe.configure({ timeout: 180_000 });

for (const width of [375, 320]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 760 } });

    test('signs in once from /integral; history and rules follow', async ({ page, request }) => {
      const token = await apiRegister(request, { mobile: uniqueMobile(), password: 'Points@2026' });
      await useToken(page, token);

      await page.goto('/member');
      await expect(page.getByTestId('member-points')).toHaveText('0');
      await page.getByTestId('member-points-link').click();
      await expect(page).toHaveURL(/\/integral$/);
      await expect(page.getByTestId('points-expiring')).toHaveText('暂无即将过期的积分');
      const button = page.getByTestId('sign-in-button');
      await expect(button).toHaveText(/签到 \+1积分/);
      await expect(page.getByTestId('sign-in-day-1')).toContainText('今天');
      await shot(page, `integral-${width}`);

      await button.click();
      await expect(toast(page, '签到成功，获得1积分')).toBeVisible();
      await expect(button).toHaveText('今日已签到');
      await expect(button).toBeDisabled();
      await expect(page.getByTestId('sign-in-day-1')).toHaveAttribute('data-done', 'true');
      await expect(page.getByTestId('points-balance')).toHaveText('1');
      await expect(page.getByTestId('sign-in-streak')).toHaveText('已连续签到1天');
      await shot(page, `integral-signed-${width}`);

      // The server refuses a second sign-in the same day, whatever a client sends.
      const again = await request.post('/api/MemberSignIn/SignIn', {
        headers: { authorization: `Bearer ${token}` },
        data: {},
      });
      expect(again.status()).toBe(409);

      await page.getByTestId('to-integral-list').click();
      await expect(page).toHaveURL(/\/integral\/integralList$/);
      const entries = page.getByTestId('point-entries').locator('li');
      await expect(entries).toHaveCount(1);
      await expect(entries.first()).toContainText('每日签到 · 连续第1天');
      await expect(entries.first()).toContainText('+1');
      await shot(page, `integral-list-${width}`);

      await page.goto('/integral/integralRules');
      await expect(page.getByTestId('rule-order')).toContainText('每1元获得1积分');
      await expect(page.getByTestId('rule-sign-in')).toContainText('+10');
      await shot(page, `integral-rules-${width}`);

      await page.goto('/member');
      await expect(page.getByTestId('member-points')).toHaveText('1');
    });

    test('exchanges the sign-in point for a coupon in the points shop', async ({
      page,
      request,
      baseURL,
    }) => {
      const name = `积分兑换券${width}`;
      const item = await shopCoupon(baseURL!, name);
      const token = await apiRegister(request, { mobile: uniqueMobile(), password: 'Points@2026' });
      await useToken(page, token);
      await page.goto('/integral');
      await page.getByTestId('sign-in-button').click();
      await expect(page.getByTestId('points-balance')).toHaveText('1');
      const card = page.getByTestId(`shop-item-${item.id}`);
      await expect(card).toContainText('剩余5');
      await page.getByTestId(`exchange-${item.id}`).click();
      await expect(page.getByTestId('exchange-confirm')).toHaveText('确认兑换（1积分）');
      await shot(page, `shop-sheet-${width}`);
      await page.getByTestId('exchange-confirm').click();
      await expect(toast(page, '兑换成功，优惠券已发放')).toBeVisible();
      await expect(page.getByTestId('points-balance')).toHaveText('0');
      await expect(card).toContainText('剩余4');
      await expect(page.getByTestId('my-exchanges')).toContainText(name);
      await shot(page, `shop-exchanged-${width}`);

      await page.goto('/couponsInfo');
      await expect(page.getByText(name)).toBeVisible();
    });
  });
}
