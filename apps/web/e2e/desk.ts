// The console's order desk as the staff's specs drive it: a staff member's own desktop browser,
// an order found the way staff find it, the drawer and its dialogs.
import {
  expect as baseExpect,
  test,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { recordNotices } from './notices';
import { consoleLogin } from './support';

// Staff browsers and a member's phone share two cores with the server: screens get more time.
const expect = baseExpect.configure({ timeout: 60_000 });

export const FINANCE_TOTP_SECRET = 'PCBDEMOFINANCESECRET234567ABCDEF';

/** A 1×1 PNG: a picture for an engineering question or its answer. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** One staff member's own desktop browser, signed in to the console. */
export async function staffPage(browser: Browser, userName: string, totpSecret?: string) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    baseURL: test.info().project.use.baseURL,
    // The console opens its dialogs without motion (see playwright.config.ts).
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await recordNotices(page);
  await consoleLogin(page, userName, totpSecret);
  return page;
}

export const drawerOf = (page: Page) => page.getByRole('dialog', { name: /^订单 [PSG]\d+/ });

export const dialogTitled = (page: Page, title: string) =>
  page.getByRole('dialog', { name: new RegExp(`^${title}：`) });

/** The drawer's action buttons, in the lifecycle table's order. */
export const drawerActions = (drawer: Locator) =>
  drawer.getByRole('toolbar', { name: '订单操作' }).getByRole('button');

/**
 * The order desk searched for an order number (a keyword searches every status), its row
 * showing `status`, opened in the drawer.
 */
export async function findOnDesk(page: Page, orderNo: string, status: string): Promise<Locator> {
  await page.goto('/console/orders');
  await page.getByLabel('搜索订单', { exact: true }).fill(orderNo);
  await page.getByLabel('搜索订单', { exact: true }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: orderNo });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(status);
  await row.getByRole('button', { name: '查看' }).click();
  const drawer = page.getByRole('dialog', { name: new RegExp(`^订单 ${orderNo}`) });
  await expect(drawer).toBeVisible();
  return drawer;
}
