import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { apiRegister, toast, uniqueMobile, useToken } from './support';

/** A full-page screenshot kept with the test's results, to look at. */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

const item = (page: Page, title: string) =>
  page.getByTestId('invoice-item').filter({ has: page.getByText(title, { exact: true }) });

test('invoice profiles: add a company 普票, set another as default, delete', async ({
  page,
  request,
}, testInfo) => {
  const account = { mobile: uniqueMobile(), password: 'Passw0rd!' };
  await useToken(page, await apiRegister(request, account));

  await page.goto('/member');
  await page.getByTestId('member-entry-invoices').click();
  await expect(page).toHaveURL(/\/MakeInvoice$/);
  await page.getByTestId('invoice-tab-profiles').click();
  await expect(page.getByTestId('page-empty')).toHaveText('还没有发票抬头，添加后开票时可直接选用');
  await shot(page, testInfo, 'invoice-empty');

  // A company's 普票: the form asks for the tax number, and checks its last character.
  await page.getByTestId('invoice-add').click();
  await expect(page).toHaveURL(/\/MakeInvoice\/editInvoice$/);
  await expect(page.getByTestId('invoice-type-special')).toBeDisabled();
  await expect(page.getByTestId('invoice-certify-link')).toHaveAttribute(
    'href',
    '/firmCertification',
  );
  await page.locator('#invoice-title').fill('深圳市示例科技有限公司');
  await page.locator('#invoice-taxNumber').fill('91440300MA5DCKXX0A');
  await page.locator('#invoice-email').fill('finance@example.com');
  await page.getByTestId('invoice-submit').click();
  await expect(page.getByText('校验位不正确，请核对税号')).toBeVisible();
  await shot(page, testInfo, 'invoice-form-error');
  await page.locator('#invoice-taxNumber').fill('91440300MA5DCKXX0T');
  await page.getByTestId('invoice-submit').click();
  await expect(toast(page, '发票抬头已添加')).toBeVisible();
  await expect(page).toHaveURL(/\/MakeInvoice\?tab=profiles$/);
  const company = item(page, '深圳市示例科技有限公司');
  await expect(company.getByTestId('invoice-default-badge')).toHaveText('默认');
  await expect(company.getByTestId('invoice-tax-number')).toHaveText('91440300MA5DCKXX0T');

  // A person's 普票: name and e-mail only.
  await page.getByTestId('invoice-add').click();
  await page.getByTestId('invoice-title-type-personal').click();
  await expect(page.locator('#invoice-taxNumber')).toHaveCount(0);
  await page.locator('#invoice-title').fill('张三');
  await page.locator('#invoice-email').fill('zhang@example.com');
  await shot(page, testInfo, 'invoice-form-personal');
  await page.getByTestId('invoice-submit').click();
  await expect(toast(page, '发票抬头已添加')).toBeVisible();
  const person = item(page, '张三');
  await expect(person).toBeVisible();
  await expect(person.getByTestId('invoice-default-badge')).toHaveCount(0);

  await person.getByTestId('invoice-set-default').click();
  await expect(toast(page, '已设为默认抬头')).toBeVisible();
  await expect(person.getByTestId('invoice-default-badge')).toHaveText('默认');
  await expect(company.getByTestId('invoice-default-badge')).toHaveCount(0);
  await expect(page.getByTestId('invoice-item').first()).toContainText('张三');
  await shot(page, testInfo, 'invoice-list');

  await company.getByTestId('invoice-delete').click();
  await expect(page.getByText('确定删除发票抬头「深圳市示例科技有限公司」吗？')).toBeVisible();
  await page.locator('.adm-dialog-button').filter({ hasText: '删除' }).click();
  await expect(toast(page, '已删除')).toBeVisible();
  await expect(page.getByTestId('invoice-item')).toHaveCount(1);
  await expect(company).toHaveCount(0);

  // The server agrees after a reload.
  await page.reload();
  await expect(page.getByTestId('invoice-item')).toHaveCount(1);
  await expect(person.getByTestId('invoice-default-badge')).toHaveText('默认');

  // 320 px: nothing runs off the side.
  await page.setViewportSize({ width: 320, height: 640 });
  await shot(page, testInfo, 'invoice-list-320');
  await page.goto('/MakeInvoice/editInvoice');
  await expect(page.getByTestId('invoice-form')).toBeVisible();
  await shot(page, testInfo, 'invoice-form-320');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
});
