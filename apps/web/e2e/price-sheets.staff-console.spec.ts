import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectNotice, recordNotices } from './notices';
import { ADMIN_TOTP_SECRET, consoleLogin } from './support';

const PACKAGE_PRICE = '10x10 套餐价';

// The sheet is a few hundred values on one screen; on a machine shared with builds a render
// can pass the default 5 seconds.
const expect = baseExpect.configure({ timeout: 15_000 });

/** What the staff member sees now (the window, 1440 px wide). */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}-1440.png`) });

/** Copies the published sheet, sets the 2-layer 10×10 package price, saves: the toolbar. */
async function draftWithPackagePrice(page: Page, yuan: string, note: string) {
  await page.getByRole('button', { name: '新建草稿' }).click();
  const toolbar = page.getByRole('toolbar', { name: '草稿操作' });
  // A new draft renders the whole sheet's inputs at once: slow on a loaded machine.
  await expect(toolbar.getByText('已保存')).toBeVisible({ timeout: 45_000 });
  await page.getByLabel(PACKAGE_PRICE).fill(yuan);
  await expect(page.getByTestId('draft-dirty')).toHaveText('有未保存的修改');
  await page.getByLabel('修改说明').fill(note);
  await toolbar.getByRole('button', { name: '保存' }).click();
  await expectNotice(page, '草稿已保存');
  await expect(toolbar.getByText('已保存')).toBeVisible();
  return toolbar;
}

async function publishAs(page: Page, version: number) {
  await page
    .getByRole('toolbar', { name: '草稿操作' })
    .getByRole('button', { name: '发布' })
    .click();
  const confirm = page.getByRole('dialog').filter({ hasText: `发布为版本 ${version}？` });
  await confirm.getByRole('button', { name: `发布版本 ${version}` }).click();
  await expectNotice(page, `已发布版本 ${version}`);
}

test('an admin lowers the 2-layer 10×10 package in a draft, previews the difference and publishes it; sales read it only', async ({
  page,
  browser,
}) => {
  // Two publications (the change, then the seed's price back) and a second staff member.
  test.setTimeout(150_000);
  await recordNotices(page);
  await consoleLogin(page, 'admin', ADMIN_TOTP_SECRET);
  await page.getByRole('menuitem', { name: '价格表' }).click();
  await expect(page).toHaveURL(/\/console\/price-sheets$/);
  const history = page.getByRole('table', { name: '价格表历史' });
  const current = history.getByRole('row').filter({ hasText: '生效中' });
  await expect(current).toHaveCount(1);
  const version = Number((await current.locator('td').first().innerText()).replace('v', ''));
  await expect(page.getByRole('region', { name: '样板套餐' })).toContainText('¥20.00');
  await shot(page, 'price-sheet-published');

  const toolbar = await draftWithPackagePrice(page, '15.00', '2层10×10套餐降价到15元');
  await toolbar.getByRole('button', { name: '预览' }).click();
  const preview = page.getByRole('table', { name: '预览报价' });
  const sample = preview.getByRole('row').filter({ hasText: 'PCB 2层 100×100mm 10片' });
  await expect(sample.getByTestId('preview-change')).toContainText('-¥5.00');
  // The board at 100.3 mm is outside the package: its price does not move.
  await expect(
    preview.getByRole('row').filter({ hasText: 'PCB 2层 100.3×100mm 10片' }),
  ).toContainText('不变');
  await page.getByRole('form', { name: '自定义PCB样例' }).getByLabel('数量').fill('5');
  await page.getByRole('button', { name: '添加PCB样例' }).click();
  await expect(page.getByText('自定义：2层 100×100mm 5片')).toBeVisible();
  // The standard samples and the custom one.
  await expect(preview.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(9);
  await preview.scrollIntoViewIfNeeded();
  await shot(page, 'price-sheet-preview');
  await page.getByRole('toolbar', { name: '草稿操作' }).scrollIntoViewIfNeeded();
  await shot(page, 'price-sheet-draft');

  await publishAs(page, version + 1);
  // The row whose first cell (the version, not 基于) is vN.
  const versionRow = (n: number) =>
    history.getByRole('row').filter({
      has: page.locator('td:first-child', { hasText: new RegExp(`^v${n}$`) }),
    });
  const published = versionRow(version + 1);
  await expect(published).toContainText('生效中');
  await expect(published).toContainText('2层10×10套餐降价到15元');
  await expect(versionRow(version)).toContainText('已停用');
  await expect(page.getByRole('region', { name: '样板套餐' })).toContainText('¥15.00');
  // The quote page's sheet is the new one.
  const sheet = await page.request.get('/api/PriceSheet/GetPublished');
  const body = (await sheet.json()) as {
    data: { version: number; sheet: { pcb: { packages: { price: number }[] } } };
  };
  expect(body.data.version).toBe(version + 1);
  expect(body.data.sheet.pcb.packages[0]?.price).toBe(1500);
  await shot(page, 'price-sheet-history');

  // Sales see the same sheet, without a way to change it.
  const salesContext = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    baseURL: test.info().project.use.baseURL,
    // The console opens its dialogs without motion (see playwright.config.ts).
    reducedMotion: 'reduce',
  });
  const sales = await salesContext.newPage();
  await consoleLogin(sales, 'sales');
  await sales.getByRole('menuitem', { name: '价格表' }).click();
  await expect(sales.getByText('只读：仅管理员可修改价格表')).toBeVisible();
  await expect(sales.getByRole('region', { name: '样板套餐' })).toContainText('¥15.00');
  await expect(sales.getByRole('button', { name: '新建草稿' })).toHaveCount(0);
  await expect(sales.getByRole('textbox')).toHaveCount(0);
  await shot(sales, 'price-sheet-sales');
  await salesContext.close();

  // Back to the seed's price, so the other browser tests quote what they expect.
  await draftWithPackagePrice(page, '20', '恢复2层10×10套餐价');
  await publishAs(page, version + 2);
  await expect(page.getByRole('region', { name: '样板套餐' })).toContainText('¥20.00');
});

test('publishing a package priced at ¥0.01 asks again with the warning; cancelled, nothing changes', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await recordNotices(page);
  await consoleLogin(page, 'admin', ADMIN_TOTP_SECRET);
  await page.getByRole('menuitem', { name: '价格表' }).click();
  const toolbar = await draftWithPackagePrice(page, '0.01', '套餐价输错');
  await toolbar.getByRole('button', { name: '发布' }).click();
  const confirm = page.getByRole('dialog').filter({ hasText: '发布为版本' });
  await expect(confirm).toContainText('草稿的价格明显偏低，请确认不是输入错误');
  await expect(confirm).toContainText(
    'PCB 2层 100×100mm 10片：草稿报价¥0.01，不到生效价格¥20.00的一半',
  );
  await expect(confirm.getByRole('button', { name: /^仍然发布版本 \d+$/ })).toBeVisible();
  await shot(page, 'price-sheet-publish-warning');
  await confirm.getByRole('button', { name: /取\s?消/ }).click();
  await expect(confirm).toHaveCount(0);
  await toolbar.getByRole('button', { name: '放弃草稿' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: '放弃这份草稿？' })
    .getByRole('button', { name: '放弃草稿' })
    .click();
  await expectNotice(page, '草稿已放弃');
  await expect(page.getByRole('region', { name: '样板套餐' })).toContainText('¥20.00');
});

test('the new orders list shows the demo orders awaiting review and one in the drawer', async ({
  page,
}) => {
  await consoleLogin(page, 'sales');
  await page.getByRole('menuitem', { name: '订单工作台' }).click();
  await expect(page).toHaveURL(/\/console\/orders$/);
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toContainText('待审核');
  const pcb = rows
    .filter({ hasText: /P\d{8}/ })
    .filter({ hasText: /\d层 \| / })
    .first();
  await expect(pcb).toContainText(/¥[\d,]+\.\d{2}/);
  await expect(pcb).toContainText(/P\d{8}/);
  await shot(page, 'orders-list');

  await pcb.getByRole('button', { name: '查看' }).click();
  const drawer = page.getByRole('dialog');
  const fees = drawer.getByRole('region', { name: '费用明细' });
  await expect(fees).toContainText('板费');
  await expect(fees).toContainText('合计');
  const receiver = drawer.getByRole('region', { name: '收货与开票' });
  await expect(receiver).toContainText('****');
  // The demo seed stores a real Gerber zip for its orders (decision 0048): a download link.
  await expect(receiver.getByRole('link', { name: /^下载 .+\.zip$/ })).toBeVisible();
  await expect(drawer.getByRole('region', { name: '处理记录' })).toContainText('待审核');
  await shot(page, 'order-drawer');

  await page.keyboard.press('Escape');
  // The drawer's closing animation would take the click meant for the filter.
  await expect(drawer).toBeHidden();
  await page.getByRole('combobox', { name: '订单类型' }).click();
  await page.locator('.ant-select-item-option[title="钢网"]').click();
  // The demo's stencil orders are past review (decision 0048): every status.
  await page.getByText('全部', { exact: true }).click();
  await expect(rows.first()).toContainText('钢网');
  await expect(rows.filter({ hasText: 'PCB' })).toHaveCount(0);
});
