// Issue 18 §5 in the console, on a desktop: the login page logs no error in the browser's
// console, and the login and the main screens break none of the rules Lighthouse's
// accessibility score counts (axe-core, the rules Lighthouse runs).
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { ADMIN_TOTP_SECRET, consoleLogin } from './support';

/** Everything the page writes to the console as an error, and every uncaught exception. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the console login logs no error and breaks no accessibility rule', async ({ page }) => {
  const errors = consoleErrors(page);
  await page.goto('/console/login');
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page);
  expect(errors).toEqual([]);
  await page.getByLabel('用户名').fill('admin');
  await page.getByLabel('密码').fill('wrong-password');
  await page.getByRole('button', { name: '登录' }).click();
  // The refusal shows under the field it is about.
  await expect(page.locator('.ant-form-item-explain-error')).toBeVisible();
  // The pointer stays on the button after its click: axe reads it in its hover colour, which
  // carried white at 4.16:1 before the theme set a darker one.
  const button = page.getByRole('button', { name: '登录' });
  await expect(button).not.toHaveClass(/ant-btn-loading/);
  await button.hover();
  await expectAccessible(page);
});

test('the console screens break no accessibility rule', async ({ page }) => {
  await consoleLogin(page, 'admin', ADMIN_TOTP_SECRET);
  for (const path of [
    '/console/',
    '/console/members',
    '/console/orders',
    '/console/price-sheets',
    '/console/announcements',
    '/console/audit-log',
    '/console/account',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('main'), path).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.ant-spin-spinning'), path).toHaveCount(0, { timeout: 15_000 });
    await expectAccessible(page);
  }
});
