import { networkInterfaces } from 'node:os';
import { chromium, expect, test, type Page, type TestInfo } from '@playwright/test';
import { apiLogin, apiRegister, demo, uniqueMobile, useToken } from './support';

// What a member feels on the phone (issue 7, section 2): one tap logs in, the SMS countdown
// belongs to its number, closed announcements stay closed, the login counts down after too
// many tries, nothing spills over at 320 px, every control is a finger's size, and the human
// verification works over plain http on a LAN address.

const AUTH_PAGES = ['/login', '/register', '/note', '/forgetPwd'];

/** Controls a finger taps that are visible and shorter than 44 px, described for the report. */
function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector = [
      'a[href]',
      'button',
      '[role="button"]',
      '[role="tab"]',
      '.adm-checkbox',
      '.page-header-back',
      '.adm-list-item',
    ].join(',');
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      })
      .filter((el) => el.getBoundingClientRect().height < 43.5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className} "${el.textContent?.trim().slice(0, 12)}" ` +
          `${Math.round(el.getBoundingClientRect().height)}px`,
      );
  });
}

/** Elements of the page's forms and headers that reach past the screen's edges. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const spills = [...document.querySelectorAll<HTMLElement>('form *, header *, .app-page *')]
      // An announcement scrolls its text inside its own clipped box.
      .filter((el) => !el.closest('.announcement-text, .adm-popup, .adm-toast-mask'))
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
    if (document.documentElement.scrollWidth > width) spills.push('document');
    return spills;
  });
}

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the auth pages fit the screen and their controls are at least 44 px high', async ({
    page,
  }) => {
    for (const path of AUTH_PAGES) {
      await page.goto(path);
      await expect(page.getByTestId('human-verification')).toBeVisible();
      expect(await overflowing(page), path).toEqual([]);
      expect(await smallTapTargets(page), path).toEqual([]);
    }
  });
});

test('the member centre, related accounts and home: controls at least 44 px high', async ({
  page,
  request,
}) => {
  await page.goto('/associatedAccount');
  await expect(page.getByTestId('associated-logged-out')).toBeVisible();
  expect(await smallTapTargets(page), 'associatedAccount, logged out').toEqual([]);
  await page.goto('/');
  await expect(page.getByTestId('home-cta')).toBeVisible();
  expect(await smallTapTargets(page), 'home').toEqual([]);

  await useToken(page, await apiLogin(request));
  await page.goto('/member');
  await expect(page.getByTestId('member-name')).toBeVisible();
  await expect(page.getByTestId('announcement-member')).toBeVisible();
  expect(await smallTapTargets(page), 'member').toEqual([]);
  await page.goto('/associatedAccount');
  await expect(page.getByTestId('related-account').first()).toBeVisible();
  expect(await smallTapTargets(page), 'associatedAccount').toEqual([]);
});

/** A full-page screenshot kept with the test's results, to look at. */
async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('screens at 375 and 320 px', async ({ page, request }, testInfo) => {
  await useToken(page, await apiLogin(request));
  const screens = [
    { path: '/member', ready: 'member-name' },
    { path: '/associatedAccount', ready: 'relation-invite-mobile' },
  ];
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 812 });
    for (const { path, ready } of screens) {
      await page.goto(path);
      await expect(page.getByTestId(ready)).toBeVisible();
      expect(await overflowing(page), `${path} at ${width}`).toEqual([]);
      await shoot(page, testInfo, `${path.slice(1)}-${width}`);
    }
  }
  await page.evaluate(() => localStorage.clear());
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 812 });
    for (const path of AUTH_PAGES) {
      await page.goto(path);
      await expect(page.getByTestId('human-verification')).toBeVisible();
      await shoot(page, testInfo, `${path.slice(1)}-${width}`);
    }
  }
});

test('one tap on 登录 runs the human verification and logs in', async ({ page }) => {
  await page.goto('/login');
  await page.locator('#login-account').fill(demo.mobile);
  await page.locator('#login-password').fill(demo.password);
  await expect(page.getByTestId('human-verification')).toHaveAttribute('data-status', 'idle');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/member$/);
  await expect(page.getByTestId('member-name')).toBeVisible();
});

test('the SMS countdown restarts when the number changes', async ({ page }) => {
  // The test server allows a resend after 1 s; the answer is stretched to a phone's 60 s so
  // the countdown is still running when the number changes.
  await page.route('**/api/MemberAuth/SendLoginMessage', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { resendAfterSeconds: number } | null };
    if (body.data) body.data.resendAfterSeconds = 60;
    await route.fulfill({ response, json: body });
  });
  await page.goto('/note');
  await page.locator('#note-mobile').fill(demo.mobile);
  const send = page.getByTestId('note-send-code');
  await send.click();
  await expect(send).toHaveText(/^重新获取\(\d+s\)$/);
  await expect(send).toBeDisabled();

  await page.locator('#note-mobile').fill('13900139000');
  await expect(send).toHaveText('获取验证码');
  await expect(send).toBeEnabled();
});

test('a code the server does not accept is explained under the field, with resending at hand', async ({
  page,
}, testInfo) => {
  await page.goto('/note');
  await page.locator('#note-mobile').fill(demo.mobile);
  await page.locator('#note-sms-code').fill('000000');
  await page.getByTestId('note-submit').click();
  await expect(page.locator('.form-field-error')).toHaveText(/^验证码(错误或已过期|已失效)/);
  await expect(page.getByTestId('note-send-code')).toHaveAttribute('data-expired', 'true');
  await shoot(page, testInfo, 'note-code-refused');
});

test('a closed announcement stays closed after a reload; another one still shows', async ({
  page,
}) => {
  await page.goto('/login');
  const bar = page.getByTestId('announcement-login');
  await expect(bar).toContainText('账户安全提醒');
  await bar.getByRole('button', { name: '关闭公告' }).click();
  await expect(bar).toHaveCount(0);

  const announcement = page.waitForResponse(/GetEffectiveAnnouncement\?type=login/);
  await page.reload();
  await announcement;
  await expect(page.getByTestId('login-page')).toBeVisible();
  await expect(page.getByTestId('announcement-login')).toHaveCount(0);

  await page.goto('/');
  await expect(page.getByTestId('announcement-home')).toContainText('双层板打样限时优惠');
});

test('after too many wrong passwords the 登录 button counts down and SMS login is offered', async ({
  page,
  request,
}, testInfo) => {
  const mobile = uniqueMobile();
  await apiRegister(request, { mobile, password: 'Right2026x' });
  await page.goto('/login');
  await page.locator('#login-account').fill(mobile);
  const refusal = page.getByTestId('login-refusal');
  const submit = page.getByTestId('login-submit');
  for (let left = 4; left >= 1; left--) {
    await page.locator('#login-password').fill(`Wrong2026x${left}`);
    await submit.click();
    await expect(refusal).toContainText(`账号或密码错误，还可尝试${left}次`);
  }
  // The last free try: wrong again, and the next one must wait.
  await page.locator('#login-password').fill('Wrong2026x0');
  await submit.click();
  await expect(refusal).toContainText(/^账号或密码错误\d+ 秒后可再次尝试/);
  await expect(submit).toHaveText(/^登录\(\d+s\)$/);
  await expect(submit).toBeDisabled();

  // A fresh page does not know the wait; the server's 429 and its Retry-After bring it back.
  await page.reload();
  await page.locator('#login-account').fill(mobile);
  await page.locator('#login-password').fill('Right2026x');
  const refused = page.waitForResponse(
    (r) => r.url().endsWith('/api/MemberAuth/Login') && r.status() === 429,
  );
  await submit.click();
  expect(Number((await refused).headers()['retry-after'])).toBeGreaterThan(0);
  await expect(submit).toHaveText(/^登录\(\d+s\)$/);
  await expect(submit).toBeDisabled();
  await expect(page.getByTestId('login-refusal-wait')).toHaveText(/^\d+ 秒后可再次尝试$/);
  await shoot(page, testInfo, 'login-throttled');
  await page.getByTestId('login-refusal-sms').click();
  await expect(page).toHaveURL(/\/note$/);
});

/** This machine's first non-loopback IPv4 address, when the test server answers on it. */
async function reachableLanAddress(port: string): Promise<string | null> {
  const address = Object.values(networkInterfaces())
    .flatMap((entries) => entries ?? [])
    .find((entry) => entry.family === 'IPv4' && !entry.internal)?.address;
  if (!address) return null;
  try {
    const response = await fetch(`http://${address}:${port}/api/Captcha/GetConfig`, {
      signal: AbortSignal.timeout(2_000),
    });
    return response.ok ? address : null;
  } catch {
    return null;
  }
}

test('logs in over plain http on a non-loopback address, where crypto.subtle is missing', async ({
  baseURL,
}, testInfo) => {
  const port = new URL(baseURL ?? 'http://127.0.0.1:4310').port;
  // With E2E_HOST=0.0.0.0 the test server listens on every interface and the browser goes to
  // the machine's LAN address, as a phone would; when it listens on loopback only, a LAN-style
  // host name is mapped to it. Either way the page is http on a host that is not localhost.
  const lan = await reachableLanAddress(port);
  const host = lan ?? 'member-centre.lan';
  // The project's own launch options (playwright.config.ts), plus the host mapping.
  const launch = testInfo.project.use.launchOptions ?? {};
  const browser = await chromium.launch({
    ...launch,
    args: [...(launch.args ?? []), ...(lan ? [] : [`--host-resolver-rules=MAP ${host} 127.0.0.1`])],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 }, locale: 'zh-CN' });
    await page.goto(`http://${host}:${port}/login`);
    expect(
      await page.evaluate(() => ({ secure: window.isSecureContext, subtle: typeof crypto.subtle })),
    ).toEqual({ secure: false, subtle: 'undefined' });
    await page.locator('#login-account').fill(demo.mobile);
    await page.locator('#login-password').fill(demo.password);
    await page.getByTestId('login-submit').click();
    testInfo.annotations.push({ type: 'address', description: host });
    await expect(page).toHaveURL(
      new RegExp(`^http://${host.replace(/\./g, '\\.')}:${port}/member$`),
    );
    await expect(page.getByTestId('member-name')).toBeVisible();
  } finally {
    await browser.close();
  }
});

test('the brand shows while the code is still on its way, then the page replaces it', async ({
  page,
}) => {
  // Hold the entry script back, as a slow network would.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // 'commit': a held module script also holds DOMContentLoaded back.
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByRole('status').filter({ hasText: '会员中心加载中' })).toBeVisible();
  release();
  await expect(page.getByTestId('login-page')).toBeVisible();
  await expect(page.getByText('会员中心加载中')).toHaveCount(0);
});
