import { expect, test } from '@playwright/test';
import { latestSmsCode, passHumanVerification, toast, uniqueMobile } from './support';

// The whole first visit of a new customer. Tagged @wechat: it runs a second time with WeChat's
// user agent, where the same screens must work inside the WeChat browser.
test('register → log in → member centre → consult popup → copy QQ → logout @wechat', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const mobile = uniqueMobile();
  const password = 'Pcb2026abc';

  await test.step('register with an SMS code', async () => {
    await page.goto('/register');
    await expect(page).toHaveTitle(/注册/);
    await page.locator('#register-mobile').fill(mobile);
    await passHumanVerification(page);
    // The browser-test server lets a code be resent after 1 s, which a busy machine can spend
    // before an assertion looks: record every state the button shows instead.
    const send = page.getByTestId('register-send-code');
    await send.evaluate((button: HTMLButtonElement) => {
      const seen: string[] = [];
      (window as unknown as { sendStates: string[] }).sendStates = seen;
      new MutationObserver(() => seen.push(`${button.disabled}:${button.textContent}`)).observe(
        button,
        { subtree: true, childList: true, characterData: true, attributes: true },
      );
    });
    await send.click();
    await expect(toast(page, '验证码已发送')).toBeVisible();
    // Counting down, and not to be tapped meanwhile.
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { sendStates: string[] }).sendStates))
      .toContainEqual(expect.stringMatching(/^true:重新获取\(\d+s\)$/));

    await page.locator('#register-sms-code').fill(await latestSmsCode(request, mobile));
    await page.locator('#register-password').fill(password);
    await page.getByTestId('register-agreement').click();
    await page.getByTestId('register-submit').click();
    await expect(toast(page, '注册成功')).toBeVisible();
    await expect(page).toHaveURL(/\/member$/);
    await expect(page.getByTestId('member-name')).toContainText(
      `${mobile.slice(0, 3)}****${mobile.slice(7)}`,
    );
  });

  await test.step('log out', async () => {
    await page.getByTestId('logout').click();
    await page.locator('.adm-dialog-button', { hasText: '退出登录' }).click();
    await expect(toast(page, '已退出登录')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });

  await test.step('log in with the password', async () => {
    await page.locator('#login-account').fill(mobile);
    await page.locator('#login-password').fill(password);
    await passHumanVerification(page);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/member$/);
    await expect(page).toHaveTitle(/会员中心/);
    await expect(page.getByTestId('member-name')).toContainText(mobile.slice(7));
    await expect(page.getByTestId('footer')).toBeVisible();
    await expect(page.getByTestId('tab-mine')).toHaveAttribute('aria-current', 'page');
  });

  await test.step('consult popup with my account manager, copy the QQ number', async () => {
    await page.getByTestId('tab-consult').click();
    await expect(page).toHaveURL(/\/member$/);
    const panel = page.getByRole('dialog').getByTestId('consulting-panel');
    await expect(panel).toBeVisible();
    await expect(page.getByTestId('tab-consult')).toHaveAttribute('aria-current', 'page');
    // New members are assigned a seeded account manager with a real name and phone.
    await expect(panel.getByTestId('consult-name')).not.toBeEmpty();
    await expect(panel.getByTestId('consult-call')).toHaveAttribute('href', /^tel:\d/);
    const qq = (await panel.getByTestId('consult-qq').innerText()).trim();
    expect(qq).toMatch(/^\d{5,12}$/);

    await panel.getByTestId('consult-copy-qq').click();
    await expect(toast(page, '复制成功')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(qq);
  });

  await test.step('closing the popup returns the footer to 我的', async () => {
    await page.getByTestId('consult-popup-close').click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByTestId('tab-mine')).toHaveAttribute('aria-current', 'page');
  });

  await test.step('log out again', async () => {
    await page.getByTestId('logout').click();
    await page.locator('.adm-dialog-button', { hasText: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/member');
    // Inside WeChat too: after an explicit logout, not even a fresh page load tries the silent
    // WeChat login (or its binding page) until the member logs in by hand.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-page')).toBeVisible();
  });
});

test('a wrong password is refused with the server message and the member stays on /login', async ({
  page,
}) => {
  await page.goto('/login');
  await page.locator('#login-account').fill('13800138000');
  await page.locator('#login-password').fill('wrong-password-1');
  await passHumanVerification(page);
  await page.getByTestId('login-submit').click();
  await expect(toast(page, '账号或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});

test('a staff-created account is activated from the member centre', async ({ page }) => {
  await page.goto('/login');
  await page.locator('#login-account').fill('13900139000');
  await page.locator('#login-password').fill('Demo@2026');
  await passHumanVerification(page);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/member$/);
  await expect(page.getByTestId('activation-banner')).toBeVisible();
  await page.getByTestId('member-activate').click();
  await expect(toast(page, '账号已激活')).toBeVisible();
  await expect(page.getByTestId('activation-banner')).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('member-header')).toBeVisible();
  await expect(page.getByTestId('activation-banner')).toBeHidden();
});
