import { expect, test, type Page } from '@playwright/test';
import { apiLogin, useToken } from './support';

// Inside WeChat the same visit first tries the silent WeChat login (identity.spec.ts).
test('a private page without login goes to /login', async ({ page }) => {
  await page.goto('/member');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page).toHaveTitle(/登录/);
  await expect(page.getByTestId('footer')).toHaveCount(0);
});

test('an expired token counts as logged out', async ({ page }) => {
  const payload = Buffer.from(
    JSON.stringify({ sub: '1', exp: Math.floor(Date.now() / 1000) - 60 }),
  ).toString('base64url');
  await useToken(page, `eyJhbGciOiJIUzI1NiJ9.${payload}.c2ln`);
  await page.goto('/member');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown path goes to /member', async ({ page, request }) => {
  await useToken(page, await apiLogin(request));
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/member$/);
  await expect(page.getByTestId('member-page')).toBeVisible();
});

test('the footer shows only on routes whose meta has showFooter', async ({ page, request }) => {
  await page.goto('/');
  await expect(page.getByTestId('footer')).toBeVisible();
  await expect(page.getByTestId('tab-home')).toHaveAttribute('aria-current', 'page');
  const tabs = page.getByTestId('footer').getByRole('button');
  await expect(tabs).toHaveText(['首页', '计价', '咨询', '我的']);
  await expect(page.getByTestId('footer')).toHaveCSS('z-index', '999');
  // The selected tab's label is text in the accent: the AA shade (decision 0036), #B84A00.
  await expect(page.getByTestId('tab-home')).toHaveCSS('color', 'rgb(184, 74, 0)');

  await page.goto('/login');
  await expect(page.getByTestId('login-page')).toBeVisible();
  await expect(page.getByTestId('footer')).toHaveCount(0);
  await page.goto('/register');
  await expect(page.getByTestId('register-page')).toBeVisible();
  await expect(page.getByTestId('footer')).toHaveCount(0);

  await useToken(page, await apiLogin(request));
  await page.goto('/member');
  await expect(page.getByTestId('footer')).toBeVisible();
});

test('计价 leaves the app with a full page load of /OrdersPCB', async ({ page }) => {
  await page.goto('/');
  const load = page.waitForRequest(
    (r) => r.isNavigationRequest() && r.url().endsWith('/OrdersPCB'),
  );
  await page.getByTestId('tab-quote').click();
  await load;
  // The quote page's own entry, pricing with the published sheet.
  await expect(page.getByRole('tab', { name: 'PCB' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('quote-total')).toHaveText(/^¥\d/);
});

test('the first visit is reported once and countGUID is kept @wechat', async ({ page }) => {
  const reports: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/CKInfo/Add')) reports.push(r.postData() ?? '');
  });
  await page.goto('/?bd_vid=ad-123&from=miniprogram');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('countGUID')))
    .toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  const guid = await page.evaluate(() => localStorage.getItem('countGUID'));
  expect(reports).toHaveLength(1);
  const body = JSON.parse(reports[0] ?? '{}') as Record<string, string>;
  expect(body.GUID).toBe(guid);
  expect(body.FirstHref).toContain('bd_vid=ad-123');
  expect(body.bd_vid).toBe('ad-123');
  expect(await page.evaluate(() => sessionStorage.getItem('from'))).toBe('miniprogram');

  await page.getByTestId('home-login').click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/register');
  await expect(page.getByTestId('register-page')).toBeVisible();
  expect(reports).toHaveLength(1);
  expect(await page.evaluate(() => localStorage.getItem('countGUID'))).toBe(guid);
});

test('a failed visit report is not saved and is retried on the next navigation', async ({
  page,
}) => {
  let calls = 0;
  await page.route('**/api/CKInfo/Add', async (route) => {
    calls += 1;
    if (calls === 1) {
      await route.fulfill({
        status: 500,
        json: { success: false, data: null, message: '服务器开小差了' },
      });
    } else {
      await route.continue();
    }
  });
  await page.goto('/');
  await expect.poll(() => calls).toBe(1);
  expect(await page.evaluate(() => localStorage.getItem('countGUID'))).toBeNull();
  await page.getByTestId('home-login').click();
  await expect.poll(() => calls).toBe(2);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('countGUID')))
    .toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
});

/** Records what the page looked like the moment the screen `testId` first appeared. */
async function recordFirstScreen(page: Page, testId: string, announcementTestId: string) {
  await page.addInitScript(
    ([screenId, announcementId]) => {
      new MutationObserver((_changes, observer) => {
        const screen = document.querySelector(`[data-testid="${screenId}"]`);
        if (!screen) return;
        observer.disconnect();
        const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
        (window as unknown as { firstScreen: object }).firstScreen = {
          stylesheets: sheets.length,
          stylesheetsLoaded: sheets.every((link) => link.sheet !== null),
          announcement: document.querySelector(`[data-testid="${announcementId}"]`) !== null,
          loading: document.querySelector('[data-testid="page-loading"]') !== null,
        };
      }).observe(document, { childList: true, subtree: true });
    },
    [testId, announcementTestId],
  );
  return async () => {
    const first = await page.evaluate(
      () => (window as unknown as { firstScreen: { stylesheets: number } }).firstScreen,
    );
    expect(first).toEqual({
      stylesheets: expect.any(Number),
      stylesheetsLoaded: true,
      announcement: true,
      loading: false,
    });
    expect(first.stylesheets).toBeGreaterThan(1);
  };
}

test('the splash paints before the stylesheets arrive; the login screen comes styled, with its announcement, in one render', async ({
  page,
}) => {
  const firstScreen = await recordFirstScreen(page, 'login-page', 'announcement-login');
  // Stylesheets held back: the splash, styled inline, is on screen meanwhile.
  let releaseStyles: () => void = () => undefined;
  const stylesHeld = new Promise<void>((resolve) => (releaseStyles = resolve));
  await page.route('**/assets/*.css', async (route) => {
    await stylesHeld;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const splash = page.locator('.boot');
  await expect(splash).toBeVisible();
  await expect(splash).toContainText('会员中心加载中');
  expect(await splash.evaluate((el) => getComputedStyle(el).display)).toBe('flex');
  await expect(page.getByTestId('login-page')).toHaveCount(0);

  releaseStyles();
  await expect(page.getByTestId('login-page')).toBeVisible();
  await firstScreen();
});

test('a member page opened without login shows /login in its first render too', async ({
  page,
}) => {
  const firstScreen = await recordFirstScreen(page, 'login-page', 'announcement-login');
  await page.goto('/member');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('login-page')).toBeVisible();
  await firstScreen();
});
