import { expect, test } from '@playwright/test';
import {
  apiLogin,
  apiRegister,
  demo,
  latestSmsCode,
  passHumanVerification,
  toast,
  uniqueMobile,
  useToken,
} from './support';

test('log in with an SMS code @wechat', async ({ page, request }) => {
  await page.goto('/login');
  await page.getByTestId('link-sms-login').click();
  await expect(page).toHaveURL(/\/note$/);
  await page.locator('#note-mobile').fill(demo.mobile);
  await passHumanVerification(page);
  await page.getByTestId('note-send-code').click();
  await expect(toast(page, '验证码已发送')).toBeVisible();
  await page.locator('#note-sms-code').fill(await latestSmsCode(request, demo.mobile));
  await page.getByTestId('note-submit').click();
  await expect(page).toHaveURL(/\/member$/);
  await expect(page.getByTestId('member-name')).toBeVisible();
});

test('forgot password, then log in with the new one; the old password no longer works', async ({
  page,
  request,
}) => {
  const mobile = uniqueMobile();
  const oldToken = await apiRegister(request, { mobile, password: 'Old2026pass' });
  // The test server allows one text per mobile per second (SMS_RESEND_INTERVAL_SECONDS=1).
  await new Promise((resolve) => setTimeout(resolve, 1_100));

  await page.goto('/login');
  await page.getByTestId('link-forget-password').click();
  await expect(page).toHaveURL(/\/forgetPwd$/);
  await page.locator('#forget-mobile').fill(mobile);
  await passHumanVerification(page);
  await page.getByTestId('forget-send-code').click();
  await expect(toast(page, '验证码已发送')).toBeVisible();
  await page.locator('#forget-sms-code').fill(await latestSmsCode(request, mobile));
  await page.locator('#forget-password').fill('New2026pass');
  await page.locator('#forget-password-confirm').fill('New2026pass');
  await page.getByTestId('forget-submit').click();
  await expect(toast(page, '密码已重置，请重新登录')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator('#login-account')).toHaveValue(mobile);

  // Every token issued before the reset is dead.
  const stale = await request.get('/api/MemberInfo/Get', {
    headers: { authorization: `Bearer ${oldToken}` },
  });
  expect(stale.status()).toBe(401);

  await page.locator('#login-password').fill('Old2026pass');
  await passHumanVerification(page);
  await page.getByTestId('login-submit').click();
  await expect(toast(page, '账号或密码错误')).toBeVisible();

  await page.locator('#login-password').fill('New2026pass');
  await passHumanVerification(page);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/member$/);
});

test('switch to a related account and back; the member centre shows whose account is active', async ({
  page,
  request,
}) => {
  await useToken(page, await apiLogin(request));
  await page.goto('/member');
  await expect(page.getByTestId('member-name')).toContainText('张工');
  await expect(page.getByTestId('switched-banner')).toHaveCount(0);

  await page.goto('/setting');
  await page.getByTestId('switch-account').filter({ hasText: '李工' }).click();
  await expect(toast(page, '已切换到')).toBeVisible();
  await expect(page).toHaveURL(/\/member$/);
  await expect(page.getByTestId('member-name')).toContainText('李工');
  await expect(page.getByTestId('switched-banner')).toContainText('李工');

  await page.getByTestId('switch-back').click();
  await expect(page.getByTestId('member-name')).toContainText('张工');
  await expect(page.getByTestId('switched-banner')).toHaveCount(0);
});

test('inside WeChat: the sandbox OAuth, binding, silent login in a fresh browser, unbinding @wechat-only', async ({
  browser,
  request,
  baseURL,
}) => {
  const mobile = uniqueMobile();
  const password = 'Wx2026pass';
  await apiRegister(request, { mobile, password });
  // The sandbox's WeChat user of "this phone": the same cookie in every fresh browser below.
  const wechatUser = `e2e-${mobile}`;
  const phone = async () => {
    const context = await browser.newContext();
    await context.addCookies([
      { name: 'wx_sandbox_user', value: wechatUser, url: `${baseURL}/sandbox/wechat/` },
    ]);
    return context;
  };

  await test.step('first visit walks through OAuth and lands on /bind', async () => {
    const context = await phone();
    const page = await context.newPage();
    const authorize = page.waitForRequest((r) => r.url().includes('/connect/oauth2/authorize'));
    await page.goto('/member');
    expect((await authorize).url()).toContain('scope=snsapi_base');
    await expect(page).toHaveURL(/\/bind/);
    // The code and state are gone from the address bar; the sealed openid is stored.
    expect(page.url()).not.toContain('code=');
    expect((await page.evaluate(() => localStorage.getItem('wxOpenId')))?.length).toBeGreaterThan(
      20,
    );

    await page.locator('#bind-account').fill(mobile);
    await page.locator('#bind-password').fill(password);
    await passHumanVerification(page);
    await page.getByTestId('bind-submit').click();
    await expect(page).toHaveURL(/\/member$/);
    await context.close();
  });

  await test.step('a fresh browser on the same phone logs in silently', async () => {
    const context = await phone();
    const page = await context.newPage();
    await page.goto('/member');
    await expect(page.getByTestId('member-page')).toBeVisible();
    await expect(page).toHaveURL(/\/member$/);
    await expect(page.getByTestId('member-name')).toContainText(mobile.slice(7));

    await page.goto('/accountSecurity/bindWechat');
    await page.getByTestId('wechat-unbind').first().click();
    await page.locator('.adm-dialog-button', { hasText: '解绑' }).click();
    await expect(toast(page, '已解绑')).toBeVisible();
    await context.close();
  });

  await test.step('after unbinding, the same phone is no longer logged in silently', async () => {
    const context = await phone();
    const page = await context.newPage();
    await page.goto('/member');
    await expect(page).toHaveURL(/\/bind/);
    await context.close();
  });
});
