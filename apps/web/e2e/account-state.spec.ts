import { expect, test, type Page } from '@playwright/test';
import {
  apiLogin,
  apiRegister,
  latestSmsCode,
  passHumanVerification,
  toast,
  uniqueMobile,
  useToken,
} from './support';

const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
// The test server allows one text per mobile per second (SMS_RESEND_INTERVAL_SECONDS=1).
const resendInterval = () => new Promise((resolve) => setTimeout(resolve, 1_100));

/** Marks the loaded document; a reload or a full navigation would lose the mark. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { e2eSameDocument?: boolean }).e2eSameDocument = true;
  });
}
const isSameDocument = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { e2eSameDocument?: boolean }).e2eSameDocument === true,
  );

/** Types digits on the on-screen number keyboard of a passcode field, then closes it. */
async function typePasscode(page: Page, testId: string, digits: string): Promise<void> {
  await page.getByTestId(testId).click();
  // The previous field's keyboard may still be sliding away.
  await expect(keyboardKey(page, '0')).toHaveCount(1);
  for (const digit of digits) await keyboardKey(page, digit).click();
}

/** A key of the number keyboard on screen (each passcode field has its own, one shows). */
const keyboardKey = (page: Page, text: string) =>
  page.locator('.adm-number-keyboard-key:visible').filter({ hasText: new RegExp(`^${text}$`) });

/**
 * Holds every member-info request until `release` is called: what the page shows meanwhile
 * cannot come from a refetch.
 */
async function holdMemberInfo(page: Page) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/MemberInfo/Get', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** A fresh member registered through the API, and their token. */
async function registerMember(request: Parameters<typeof apiRegister>[0]) {
  const mobile = uniqueMobile();
  const token = await apiRegister(request, { mobile, password: 'State2026pass' });
  await resendInterval();
  return { mobile, token };
}

test('account security shows the payment password as set right after setting it, without a reload', async ({
  page,
  request,
}) => {
  const { mobile, token } = await registerMember(request);
  await useToken(page, token);
  await page.goto('/accountSecurity');
  await expect(page.getByTestId('security-payment-password-status')).toHaveText(
    '未设置，余额支付时需要',
  );
  await markDocument(page);

  await page.getByTestId('security-payment-password').click();
  await expect(page).toHaveURL(/\/accountSecurity\/payThePassword$/);
  await passHumanVerification(page);
  await page.getByTestId('pay-password-send-code').click();
  await expect(toast(page, '验证码已发送')).toBeVisible();
  await page.locator('#pay-password-sms-code').fill(await latestSmsCode(request, mobile));
  await typePasscode(page, 'pay-password-input', '385917');
  await typePasscode(page, 'pay-password-confirm', '385917');
  await keyboardKey(page, '完成').click();
  const release = await holdMemberInfo(page);
  await page.getByTestId('pay-password-submit').click();

  await expect(page).toHaveURL(/\/accountSecurity$/);
  await expect(page.getByTestId('security-payment-password-status')).toHaveText('已设置');
  await expect(page.getByTestId('security-payment-password')).toContainText('修改');
  expect(await isSameDocument(page)).toBe(true);
  release();
  // And the server agrees once member info is fetched again.
  await page.reload();
  await expect(page.getByTestId('security-payment-password-status')).toHaveText('已设置');
});

test('account security shows the new mobile right after a mobile change, without a reload', async ({
  page,
  request,
}) => {
  const { mobile, token } = await registerMember(request);
  await useToken(page, token);
  const newMobile = uniqueMobile();
  await page.goto('/accountSecurity');
  await expect(page.getByTestId('security-mobile-status')).toHaveText(masked(mobile));
  await markDocument(page);

  await page.getByTestId('security-mobile').click();
  await expect(page).toHaveURL(/\/userInfo\/editPhone$/);
  await passHumanVerification(page);
  await page.getByTestId('edit-phone-send-old-code').click();
  await expect(toast(page, '验证码已发送')).toBeVisible();
  await page.locator('#edit-phone-old-code').fill(await latestSmsCode(request, mobile));
  await page.getByTestId('edit-phone-next').click();

  await page.locator('#edit-phone-new-mobile').fill(newMobile);
  await passHumanVerification(page);
  await page.getByTestId('edit-phone-send-new-code').click();
  await page.locator('#edit-phone-new-code').fill(await latestSmsCode(request, newMobile));
  const release = await holdMemberInfo(page);
  await page.getByTestId('edit-phone-submit').click();

  await expect(page).toHaveURL(/\/accountSecurity$/);
  await expect(page.getByTestId('security-mobile-status')).toHaveText(masked(newMobile));
  expect(await isSameDocument(page)).toBe(true);
  release();
  await page.reload();
  await expect(page.getByTestId('security-mobile-status')).toHaveText(masked(newMobile));
});

test('a logged-in member who opens /login or /register lands on /member', async ({
  page,
  request,
}) => {
  await useToken(page, await apiLogin(request));
  for (const path of ['/login', '/register']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/member$/);
    await expect(page.getByTestId('member-name')).toBeVisible();
    await expect(page.getByTestId('login-page')).toHaveCount(0);
  }
});

test('退出所有设备 ends the session on this and every other device', async ({ page, request }) => {
  const { mobile, token } = await registerMember(request);
  await useToken(page, token);
  const otherDevice = await apiLogin(request, { mobile, password: 'State2026pass' });
  await page.goto('/accountSecurity');
  await page.getByTestId('security-logout-all').click();
  await page.locator('.adm-dialog-button').getByText('退出所有设备').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(toast(page, '已退出所有设备')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  const stale = await request.get('/api/MemberInfo/Get', {
    headers: { authorization: `Bearer ${otherDevice}` },
  });
  expect(stale.status()).toBe(401);
});

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the payment password page has no horizontal overflow', async ({ page, request }) => {
    await useToken(page, await apiLogin(request));
    await page.goto('/accountSecurity/payThePassword');
    const cells = page.locator('[data-testid="pay-password-input"] .adm-passcode-input-cell');
    await expect(cells).toHaveCount(6);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    for (const testId of ['pay-password-input', 'pay-password-confirm']) {
      const boxes = await page
        .locator(`[data-testid="${testId}"] .adm-passcode-input-cell`)
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON() as DOMRect));
      expect(boxes).toHaveLength(6);
      for (const box of boxes) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(320);
        // Still square and big enough to tap.
        expect(Math.abs(box.width - box.height)).toBeLessThan(1);
        expect(box.width).toBeGreaterThanOrEqual(36);
      }
    }
  });
});

test('inside WeChat, a member who logged out is not logged back in silently, also after a reload, until they log in by hand @wechat-only', async ({
  browser,
  request,
  baseURL,
}) => {
  const mobile = uniqueMobile();
  const password = 'Wx2026pass';
  await apiRegister(request, { mobile, password });
  const context = await browser.newContext();
  await context.addCookies([
    { name: 'wx_sandbox_user', value: `e2e-out-${mobile}`, url: `${baseURL}/sandbox/wechat/` },
  ]);
  const page = await context.newPage();
  const openIdLogins: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/WechatMb/OpenIdLogin')) openIdLogins.push(r.url());
  });

  // Bind this WeChat to the account: from then on it logs in silently.
  await page.goto('/member');
  await expect(page).toHaveURL(/\/bind/);
  await page.locator('#bind-account').fill(mobile);
  await page.locator('#bind-password').fill(password);
  await passHumanVerification(page);
  await page.getByTestId('bind-submit').click();
  await expect(page).toHaveURL(/\/member$/);
  await expect(page.getByTestId('member-name')).toContainText(mobile.slice(7));
  // Binding itself logged in by openId; from here on, count only what the guard does.
  openIdLogins.length = 0;

  await page.getByTestId('logout').click();
  await page.locator('.adm-dialog-button', { hasText: '退出登录' }).click();
  await expect(page).toHaveURL(/\/login$/);
  for (const reload of [false, true]) {
    if (reload) await page.reload();
    else await page.goto('/member');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-page')).toBeVisible();
  }
  expect(openIdLogins).toEqual([]);

  // Logging in by hand lifts the pause: once that session is gone, WeChat logs in silently.
  await page.locator('#login-account').fill(mobile);
  await page.locator('#login-password').fill(password);
  await passHumanVerification(page);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/member$/);
  await page.evaluate(() => localStorage.removeItem('accessToken'));
  await page.goto('/member');
  await expect(page.getByTestId('member-name')).toContainText(mobile.slice(7));
  expect(openIdLogins).toHaveLength(1);
  await context.close();
});
