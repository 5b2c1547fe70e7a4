import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { FINANCE_TOTP_SECRET, staffPage } from './desk';

/** The demo member's virtual account (the seed's). */
const DEMO_ACCOUNT = '755900012310801';

/** Yesterday in China, as a statement writes it. */
function yesterday(): string {
  return new Date(Date.now() + 8 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
}

test('finance imports a statement once, then assigns its unmatched line to a member', async ({
  browser,
}) => {
  const run = String(Date.now()).slice(-8);
  const [credited, stray] = [`E2E${run}A`, `E2E${run}B`];
  const day = yesterday();
  const csv = [
    '招商银行账务明细',
    '交易日期,流水号,对方户名,对方账号,收款账号,金额(元),摘要',
    `${day},${credited},深圳示例电子有限公司,6222021000001234,${DEMO_ACCOUNT},"1,234.50",货款`,
    `${day},${stray},未知付款公司,6222021000009999,6222029999${run.slice(-6)},88.00,预付款`,
    `${day},E2E${run}C,深圳示例电子有限公司,,${DEMO_ACCOUNT},-20.00,手续费`,
  ].join('\r\n');
  const file = {
    name: `statement-${run}.csv`,
    mimeType: 'text/csv',
    buffer: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv, 'utf8')]),
  };

  const page = await staffPage(browser, 'finance', FINANCE_TOTP_SECRET);
  await page.getByRole('menuitem', { name: '财务' }).click();
  await page.getByRole('menuitem', { name: '转账入账' }).click();
  await expect(page).toHaveURL(/\/console\/bank-transfers$/);

  const importFile = async () => {
    await page.getByRole('button', { name: '导入对账单' }).click();
    const dialog = page.getByRole('dialog', { name: '导入对账单' });
    await dialog.locator('input[type="file"]').setInputFiles(file);
    await expect(dialog.getByText(`${file.name}：5行（含表头），UTF-8编码`)).toBeVisible();
    await dialog.getByRole('button', { name: '开始导入' }).click();
    const results = dialog.getByRole('region', { name: '导入结果' });
    await expect(results).toBeVisible();
    return { dialog, results };
  };

  const first = await importFile();
  await expect(first.results.getByRole('row', { name: new RegExp(credited) })).toContainText(
    '已入账',
  );
  await expect(first.results.getByRole('row', { name: new RegExp(stray) })).toContainText(
    '收款账号不是任何会员的虚拟账户',
  );
  await expect(first.results).toContainText('金额为负数（支出记录不入账）');
  await first.dialog.screenshot({ path: test.info().outputPath('import-results.png') });
  await expectAccessible(page);
  await first.dialog.getByRole('button', { name: '完成' }).click();

  // The same file again: nothing is credited twice.
  const second = await importFile();
  await expect(second.results.getByText('已导入过 2')).toBeVisible();
  await expect(second.results.getByRole('row', { name: new RegExp(credited) })).toContainText(
    '不再入账',
  );
  await second.dialog.getByRole('button', { name: '完成' }).click();

  const search = async (keyword: string) => {
    await page.getByLabel('搜索转账').fill(keyword);
    await page.getByLabel('搜索转账').press('Enter');
  };
  await search(credited);
  const creditedRow = page.getByRole('row', { name: new RegExp(credited) });
  await expect(creditedRow).toContainText('已入账');
  const memberId = /（#(\d+)）/.exec((await creditedRow.textContent()) ?? '')?.[1];
  expect(memberId).toBeTruthy();

  await search(stray);
  const strayRow = page.getByRole('row', { name: new RegExp(stray) });
  await expect(strayRow).toContainText('未匹配');
  await strayRow.getByRole('button', { name: '指定会员' }).click();
  const assign = page.getByRole('dialog', { name: '指定会员并入账' });
  await assign.getByLabel('会员编号').fill(memberId!);
  await expect(assign.getByTestId('assign-member')).toBeVisible();
  await assign.getByLabel('原因').fill('付款人来电确认为该会员的预付款');
  await assign.getByRole('button', { name: '确认入账' }).click();
  await expect(page.getByText(`已将¥88.00计入会员#${memberId}的余额`)).toBeVisible();
  await expect(strayRow).toContainText('已入账');
  await expect(strayRow).toContainText('人工指定');
  await page.screenshot({ path: test.info().outputPath('bank-transfers.png') });
  // The search box still holds text: its clear button is a target of its own, with a name.
  await expect(page.getByRole('button', { name: '清除' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: '清除' }).click();
  await expect(page.getByLabel('搜索转账')).toHaveValue('');
  await expect(page.getByRole('row', { name: new RegExp(credited) })).toBeVisible();
});
