import { readFile } from 'node:fs/promises';
import { expect, test, type Browser } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { apiRegister, confirmDialog, consoleLogin, uniqueMobile, useToken } from './support';

/** A 1×1 PNG: the business licence photo. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The signed letter, scanned back as a PDF. */
const SCANNED_LETTER = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** A code of real shape with a right check character, unique per run (GB 32100-2015). */
function creditCode(): string {
  const charset = '0123456789ABCDEFGHJKLMNPQRTUWXY';
  const weights = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
  const body = `91440300MA${String(Date.now()).slice(-7)}`;
  const sum = [...body].reduce((s, c, i) => s + charset.indexOf(c) * weights[i]!, 0);
  return body + charset[(31 - (sum % 31)) % 31];
}

async function desktopContext(browser: Browser) {
  return browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    baseURL: test.info().project.use.baseURL,
    // The console opens its dialogs without motion (see playwright.config.ts).
    reducedMotion: 'reduce',
  });
}

test('a member certifies the company on the phone; sales approves it in the console', async ({
  browser,
  page,
  request,
}) => {
  const member = { mobile: uniqueMobile(), password: 'Secret123' };
  const company = `深圳市华创电路科技有限公司${member.mobile.slice(-4)}`;
  const code = creditCode();
  await useToken(page, await apiRegister(request, member));

  // From the member centre's entry to the form.
  await page.goto('/member');
  await page.getByText('企业认证', { exact: true }).click();
  await expect(page).toHaveURL(/\/firmCertification$/);
  await expect(page.getByTestId('cert-form')).toBeVisible();
  await page.screenshot({
    path: test.info().outputPath('firm-certification-form.png'),
    fullPage: true,
  });

  await page.locator('#cert-company-name').fill(company);
  await page.locator('#cert-credit-code').fill(code.toLowerCase());
  await page.locator('#cert-legal-person').fill('张华');
  await page.locator('#cert-contact-name').fill('李工');
  await page.locator('#cert-contact-phone').fill('0755-86001234');
  await page
    .getByTestId('cert-license-file')
    .setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('cert-license')).toHaveAttribute('data-status', 'done');
  await page
    .getByTestId('cert-letter-file')
    .setInputFiles({ name: '申请函.pdf', mimeType: 'application/pdf', buffer: SCANNED_LETTER });
  await expect(page.getByTestId('cert-letter')).toHaveAttribute('data-status', 'done');
  await expect(page.getByTestId('cert-letter-preview')).toHaveText('申请函.pdf');
  // The narrowest phones: nothing runs off the side.
  await page.setViewportSize({ width: 320, height: 640 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({
    path: test.info().outputPath('firm-certification-filled.png'),
    fullPage: true,
  });
  await page.getByTestId('cert-submit').click();

  const status = page.getByTestId('cert-status');
  await expect(status).toHaveAttribute('data-state', 'pending');
  await expect(page.getByTestId('cert-detail-company')).toHaveText(company);
  await page.screenshot({
    path: test.info().outputPath('firm-certification-pending.png'),
    fullPage: true,
  });

  // The letter to sign: a PDF named in Chinese, with the company in its text.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('cert-template-download').click(),
  ]);
  expect(download.suggestedFilename()).toBe('企业认证申请函.pdf');
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), {
    mergePages: true,
  });
  const flat = text.replace(/\s+/g, '');
  expect(flat).toContain(company);
  expect(flat).toContain(code);
  expect(flat).toContain('企业认证申请函');

  // Sales reviews it on a desktop and approves it.
  const desk = await desktopContext(browser);
  const consolePage = await desk.newPage();
  await consoleLogin(consolePage, 'sales');
  await consolePage.goto('/console/company-applies');
  const row = consolePage.getByRole('row').filter({ hasText: company });
  await row.getByRole('button', { name: '审核' }).click();
  const drawer = consolePage.getByRole('dialog');
  await expect(drawer.getByText(code)).toBeVisible();
  await expect(drawer.getByAltText('营业执照')).toBeVisible();
  await drawer.getByRole('button', { name: '通过', exact: true }).click();
  await confirmDialog(consolePage, '通过');
  await expect(consolePage.getByText('已通过，会员已成为认证企业')).toBeVisible();
  await desk.close();

  // Back on the phone: certified.
  await page.reload();
  await expect(status).toHaveAttribute('data-state', 'approved');
  await expect(status).toContainText('已完成企业认证');
  await expect(page.getByTestId('cert-detail-company')).toHaveText(company);
  await page.screenshot({
    path: test.info().outputPath('firm-certification-approved.png'),
    fullPage: true,
  });
});
