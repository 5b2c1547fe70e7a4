import { devices, expect, test, type Browser } from '@playwright/test';
import {
  ADMIN_TOTP_SECRET,
  apiLogin,
  apiRegister,
  confirmDialog,
  consoleLogin,
  latestSmsCode,
  passHumanVerification,
  uniqueMobile,
  useToken,
} from './support';

/** A 1×1 PNG: the identity document the member uploads. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The member's side runs on a phone, beside the staff member's desktop. */
async function phoneContext(browser: Browser) {
  return browser.newContext({
    ...devices['Pixel 7'],
    viewport: { width: 375, height: 812 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    baseURL: test.info().project.use.baseURL,
  });
}

test('a mobile change asked for on the phone is approved in the console; the member logs in with the new number', async ({
  browser,
  page,
  request,
}) => {
  const member = { mobile: uniqueMobile(), password: 'Secret123' };
  const newMobile = uniqueMobile();
  const token = await apiRegister(request, member);

  // The member, on the phone, has lost the old number: the manual application.
  const memberContext = await phoneContext(browser);
  const memberPage = await memberContext.newPage();
  await useToken(memberPage, token);
  await memberPage.goto('/userInfo/editPhone?mode=apply');
  await memberPage.locator('#apply-mobile').fill(newMobile);
  await passHumanVerification(memberPage);
  await memberPage.getByTestId('apply-send-code').click();
  await memberPage.locator('#apply-sms-code').fill(await latestSmsCode(request, newMobile));
  await memberPage.locator('#apply-reason').fill('原手机号已停机，无法接收短信');
  await memberPage
    .getByTestId('apply-file')
    .setInputFiles({ name: 'id-card.png', mimeType: 'image/png', buffer: PNG });
  await expect(memberPage.getByTestId('apply-upload')).toHaveAttribute('data-status', 'done');
  await memberPage.getByTestId('apply-submit').click();
  await expect(memberPage.getByTestId('apply-result-status')).toHaveText('审核中');

  // The admin, on a desktop, logs in with the second factor and approves it.
  await consoleLogin(page, 'admin', ADMIN_TOTP_SECRET);
  await page.goto('/console/mobile-applies');
  const row = page.getByRole('row').filter({ hasText: newMobile.slice(-4) });
  await row.getByRole('button', { name: '审核' }).click();
  await page.getByRole('button', { name: '通过', exact: true }).click();
  await confirmDialog(page, '通过');
  await expect(page.getByText('已通过，会员手机号已更换')).toBeVisible();

  // The member's sessions ended; the new number logs in and is the account's mobile now.
  await memberPage.goto('/accountSecurity');
  await expect(memberPage).toHaveURL(/\/login/);
  const renewed = await apiLogin(request, { mobile: newMobile, password: member.password });
  await memberContext.clearCookies();
  const again = await memberContext.newPage();
  await useToken(again, renewed);
  await again.goto('/accountSecurity');
  await expect(again.getByTestId('security-mobile-status')).toContainText(newMobile.slice(-4));
  await again.goto('/userInfo/editPhone?mode=apply');
  await expect(again.getByTestId('apply-outcome')).toContainText('上次申请已通过');
  await memberContext.close();
});

test('an announcement created in the console appears on the member home page', async ({
  browser,
  page,
}) => {
  const title = `国庆期间正常生产 ${Date.now()}`;
  await consoleLogin(page, 'content');
  await page.goto('/console/announcements');
  await page.getByRole('button', { name: '新建公告' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('标题').fill(title);
  await dialog.getByLabel('内容').fill('十月一日至七日照常接单、生产与发货。');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('公告已创建')).toBeVisible();

  const memberContext = await phoneContext(browser);
  const home = await memberContext.newPage();
  await home.goto('/');
  await expect(home.getByTestId('announcement-home')).toContainText(title);
  await memberContext.close();
});
