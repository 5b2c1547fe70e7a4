// Issue 20 in the console (decision 0054): finance finds a member, adjusts their balance with a
// reason (a signed amount of yuan, read exactly) and sees the entry in the ledger with what it
// left; the other finance screens open from the 财务 group; the reconciliation finds nothing.
// Each screen is checked by axe-core (the rules Lighthouse's accessibility score counts).
import { expect as baseExpect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { FINANCE_TOTP_SECRET, staffPage } from './desk';
import { apiRegister, uniqueMobile } from './support';

// A staff browser shares two cores with the server: screens get more time.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

const ADJUSTED = '已调整余额，会员将收到站内信';

test('finance adjusts a member’s balance and sees the entry in the ledger', async ({
  browser,
  request,
}) => {
  const mobile = uniqueMobile();
  const token = await apiRegister(request, { mobile, password: 'Secret123' });
  const me = await request.get('/api/MemberInfo/Get', {
    headers: { authorization: `Bearer ${token}` },
  });
  const memberId = ((await me.json()) as { data: { id: number } }).data.id;

  const page = await staffPage(browser, 'finance', FINANCE_TOTP_SECRET);
  await page.getByRole('menuitem', { name: '财务' }).click();
  await page.getByRole('menuitem', { name: '会员台账' }).click();
  await expect(page).toHaveURL(/\/console\/finance\/member-ledger$/);
  await page.getByLabel('查找会员').fill(mobile);
  await page.getByLabel('查找会员').press('Enter');
  const found = page.getByRole('row').filter({ hasText: String(memberId) });
  await expect(found).toHaveCount(1);
  await found.getByRole('button', { name: '查看台账' }).click();
  await expect(page).toHaveURL(new RegExp(`member-ledger\\?member=${memberId}$`));
  await expect(page.getByText('暂无变动')).toBeVisible();

  // ¥123.45 in; 0.29 out (28.999… in floating point, 29 fen when read digit by digit).
  for (const [amount, reason] of [
    ['123.45', '线下转账补录'],
    ['-0.29', '运费多收，扣回'],
  ] as const) {
    // The last adjustment's toast has gone: one toast now is one adjustment.
    await expect(page.getByText(ADJUSTED)).toHaveCount(0);
    await page.getByRole('button', { name: '调整', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /^调整余额：/ });
    await dialog.getByLabel('调整金额').fill(amount);
    await dialog.getByLabel('原因').fill(reason);
    if (amount === '123.45') await expectAccessible(page);
    // A double click adjusts once.
    await dialog.getByRole('button', { name: '确认调整' }).dblclick();
    await expect(page.getByText(ADJUSTED)).toHaveCount(1);
    await expect(dialog).toBeHidden();
  }

  const balances = page.getByRole('group', { name: '当前余额' });
  await expect(balances.getByText('¥123.16')).toBeVisible();
  await expect(page.getByText(ADJUSTED)).toHaveCount(0);
  await expectAccessible(page);
  const rows = page.getByRole('row').filter({ hasText: '余额调整' });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('-¥0.29');
  await expect(rows.nth(0)).toContainText('¥123.16');
  await expect(rows.nth(0)).toContainText('余额调整：运费多收，扣回');
  await expect(rows.nth(1)).toContainText('+¥123.45');
  await expect(rows.nth(1)).toContainText('经办：');

  // The member's own log says the same.
  const logs = await request.get('/api/MemberAdvancePayment/GetAdvancePaymentLogs', {
    headers: { authorization: `Bearer ${token}` },
  });
  const items = ((await logs.json()) as { data: { items: { amount: number }[] } }).data.items;
  expect(items.map((i) => i.amount)).toEqual([-29, 12_345]);

  for (const screen of ['支付记录', '退款记录']) {
    await page.getByRole('menuitem', { name: screen }).click();
    await expect(page.getByRole('heading', { name: screen })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await expectAccessible(page);
  }
  await page.getByRole('menuitem', { name: '对账报告' }).click();
  await page.getByRole('button', { name: '开始对账' }).click();
  await expect(page.getByText('无差异')).toBeVisible({ timeout: 60_000 });
  await expectAccessible(page);
  await page.context().close();
});
