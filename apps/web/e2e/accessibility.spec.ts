// Issue 18 §5 on the phone: the main screens break none of the rules Lighthouse's accessibility
// score counts (axe-core, the rules Lighthouse runs), each has one main landmark, and the
// header's back arrow is a named button. `node tooling/a11y/audit.mjs` runs Lighthouse itself on
// every route.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { apiLogin, useToken } from './support';

/** The screen has arrived and nothing is still loading (the answers it shows are in). */
async function settled(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.global-loading')).toHaveCount(0);
}

const anonymous = ['/', '/login', '/note', '/register', '/forgetPwd', '/OrdersPCB'];
const member = [
  '/member',
  '/userInfo',
  '/accountSecurity',
  '/MakeInvoice',
  '/shippingAddress',
  '/setting',
];

for (const path of anonymous) {
  test(`${path}: one main landmark and nothing axe-core finds`, async ({ page }) => {
    await settled(page, path);
    await expect(page.getByRole('main')).toHaveCount(1);
    await expectAccessible(page);
  });
}

test('member screens: one main landmark each and nothing axe-core finds', async ({
  page,
  request,
}) => {
  await useToken(page, await apiLogin(request));
  for (const path of member) {
    await settled(page, path);
    await expect(page.getByRole('main'), path).toHaveCount(1);
    await expectAccessible(page);
  }
  // The quote kept for /fillOrder, as 下单 on the quote page keeps it.
  await page.goto('/OrdersPCB');
  await page.getByTestId('quote-order').click();
  await expect(page).toHaveURL(/\/fillOrder$/);
  await expect(page.getByTestId('order-total')).toHaveText(/^¥\d/);
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);
});

test('the header back arrow is a button named 返回', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
