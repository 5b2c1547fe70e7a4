import { devices, expect, test } from '@playwright/test';
import { creditCodeCheckChar } from '@pcb/contract';
import { apiRegister, consoleLogin, uniqueMobile, useToken } from './support';

/** A valid unified social credit code of its own for this run. */
function creditCode(): string {
  const body = `91440300${String(Date.now()).slice(-9)}`;
  return `${body}${creditCodeCheckChar(body)}`;
}

test('sales add a company to the directory; a member finds it while typing the company name', async ({
  browser,
  page,
  request,
}) => {
  const run = String(Date.now()).slice(-5);
  const name = `厦门市鹭岛${run}线路板有限公司`;
  const code = creditCode();

  await consoleLogin(page, 'sales');
  await page.getByRole('menuitem', { name: '公司名录' }).click();
  await expect(page).toHaveURL(/\/console\/company-directory$/);
  await page.getByRole('button', { name: '新增公司' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('公司名称').fill(name);
  // One character off: the check character no longer matches.
  await dialog
    .getByLabel('统一社会信用代码')
    .fill(`${code.slice(0, 17)}${code[17] === 'A' ? 'B' : 'A'}`);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('统一社会信用代码校验位不正确，请核对')).toBeVisible();
  await dialog.getByLabel('统一社会信用代码').fill(code);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('已添加到名录')).toBeVisible();
  await page.getByLabel('搜索公司').fill(`鹭岛${run}`);
  await page.getByLabel('搜索公司').press('Enter');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(code);

  const phone = await browser.newContext({
    ...devices['Pixel 7'],
    viewport: { width: 375, height: 812 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    baseURL: test.info().project.use.baseURL,
  });
  const member = await phone.newPage();
  await useToken(
    member,
    await apiRegister(request, { mobile: uniqueMobile(), password: 'Secret123' }),
  );
  await member.goto('/userInfo/editContacts');
  await member.getByTestId('edit-contacts-member-type-company').click();
  await member.locator('#edit-contacts-company').fill(`鹭岛${run}`);
  const suggestions = member.getByTestId('edit-contacts-company-suggestions');
  await expect(suggestions).toContainText(name);
  await member.screenshot({ path: test.info().outputPath('company-autocomplete-375.png') });
  await suggestions.getByRole('button', { name }).click();
  await expect(member.locator('#edit-contacts-company')).toHaveValue(name);
  await member.getByTestId('edit-contacts-submit').click();
  await expect(member.getByText('资料已保存')).toBeVisible();
  await expect(member.getByTestId('user-info-company')).toHaveText(name);
  await phone.close();
});
