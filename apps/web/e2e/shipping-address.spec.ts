import { expect, test, type Page } from '@playwright/test';
import { apiLogin, apiRegister, uniqueMobile, useToken } from './support';

/** A screenshot kept with the test's results (test-results/), to look at. */
async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

const cards = (page: Page) => page.getByTestId('address-card');
const card = (page: Page, text: string) => cards(page).filter({ hasText: text });

async function pickRegionBySearch(page: Page, query: string, path: string) {
  await page.getByTestId('address-region').click();
  const picker = page.getByTestId('region-picker');
  await picker.getByRole('searchbox').or(picker.locator('input')).first().fill(query);
  await picker.getByTestId('region-match').filter({ hasText: path }).click();
  await expect(picker).toBeHidden();
}

test('a member adds, edits, sets default and deletes addresses, picking regions by search', async ({
  page,
  request,
}) => {
  const mobile = uniqueMobile();
  await useToken(page, await apiRegister(request, { mobile, password: 'Passw0rd!' }));

  await page.goto('/member');
  await page.getByTestId('member-entry-addresses').click();
  await expect(page).toHaveURL(/\/shippingAddress$/);
  await expect(page.getByTestId('page-empty')).toContainText('还没有收货地址');
  await shot(page, 'address-empty');

  // The first address: refused until filled in, then saved as the default.
  await page.getByTestId('address-add').click();
  await expect(page).toHaveURL(/\/shippingAddress\/editAddress\/new$/);
  await page.getByTestId('address-save').click();
  await expect(page.locator('.form-field-error')).toHaveText([
    '请填写收货人',
    '请输入以1开头的11位手机号',
    '请选择所在地区',
    '请填写详细地址（至少2个字）',
  ]);
  await page.locator('#address-receiverName').fill('张工');
  await page.locator('#address-mobile').fill('13912345678');
  await page.getByTestId('address-region').click();
  await page.getByTestId('region-picker').locator('input').fill('南山');
  await expect(page.getByTestId('region-match').first()).toBeVisible();
  await shot(page, 'address-region-search');
  await page.getByTestId('region-match').filter({ hasText: '广东省 / 深圳市 / 南山区' }).click();
  await expect(page.getByTestId('address-region')).toHaveText('广东省 深圳市 南山区');
  await page.locator('#address-address').fill('科技园南区 18 号');
  await page.locator('#address-postcode').fill('518057');
  await shot(page, 'address-form');
  await page.getByTestId('address-save').click();
  await expect(page).toHaveURL(/\/shippingAddress$/);
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, '张工').getByTestId('address-mobile')).toHaveText('139****5678');
  await expect(card(page, '张工').getByTestId('address-default-badge')).toHaveText('默认');

  // A second one, in a municipality (no city shown), not the default.
  await page.getByTestId('address-add').click();
  await page.locator('#address-receiverName').fill('李采购');
  await page.locator('#address-mobile').fill('13700001111');
  await pickRegionBySearch(page, '东城', '北京市 / 东城区');
  await expect(page.getByTestId('address-region')).toHaveText('北京市 东城区');
  await page.locator('#address-address').fill('东直门南大街 1 号');
  await page.getByTestId('address-save').click();
  await expect(cards(page)).toHaveCount(2);
  await expect(card(page, '李采购').getByTestId('address-where')).toHaveText(
    '北京市 东城区 东直门南大街 1 号',
  );
  await expect(card(page, '李采购').getByTestId('address-default-badge')).toHaveCount(0);
  await shot(page, 'address-list');

  // Edit it: the route carries it, the server's copy brings the mobile; a new region.
  await card(page, '李采购').getByTestId('address-edit').click();
  await expect(page).toHaveURL(/\/shippingAddress\/editAddress\/[\w-]+$/);
  await expect(page.locator('#address-mobile')).toHaveValue('13700001111');
  await expect(page.locator('#address-receiverName')).toHaveValue('李采购');
  await pickRegionBySearch(page, '吴中', '江苏省 / 苏州市 / 吴中区');
  await page.locator('#address-address').fill('东吴南路 88 号');
  await page.getByTestId('address-save').click();
  await expect(card(page, '李采购').getByTestId('address-where')).toHaveText(
    '江苏省 苏州市 吴中区 东吴南路 88 号',
  );

  // Set it as the default: the badge moves.
  await card(page, '李采购').getByTestId('address-set-default').click();
  await expect(card(page, '李采购').getByTestId('address-default-badge')).toHaveText('默认');
  await expect(card(page, '张工').getByTestId('address-default-badge')).toHaveCount(0);
  await expect(cards(page).first()).toContainText('李采购');

  // Delete the default after confirming: the other becomes the default.
  await card(page, '李采购').getByTestId('address-delete').click();
  await expect(page.locator('.adm-dialog')).toContainText(
    '确定删除「李采购 江苏省 苏州市 吴中区」这个地址吗？',
  );
  await page.locator('.adm-dialog-button').filter({ hasText: '删除' }).click();
  await expect(cards(page)).toHaveCount(1);
  await expect(card(page, '张工').getByTestId('address-default-badge')).toHaveText('默认');

  // Phones 320 px wide: the list keeps inside the screen.
  await page.setViewportSize({ width: 320, height: 640 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBe(320);
  await shot(page, 'address-list-320');
});

test('the region picker browses province → city → county', async ({ page, request }) => {
  await useToken(
    page,
    await apiRegister(request, { mobile: uniqueMobile(), password: 'Passw0rd!' }),
  );
  await page.goto('/shippingAddress/editAddress/new');
  await page.getByTestId('address-region').click();
  const picker = page.getByTestId('region-picker');
  await picker.getByText('浙江省', { exact: true }).click();
  await picker.getByText('杭州市', { exact: true }).click();
  await shot(page, 'address-region-cascade');
  await picker.getByText('西湖区', { exact: true }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByTestId('address-region')).toHaveText('浙江省 杭州市 西湖区');
});

/** Visible controls a finger taps that are shorter than 44 px (as ux-polish.spec.ts checks). */
function smallTapTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('a[href], button, [role="button"], [role="tab"]')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.height < 43.5;
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} "${el.textContent?.trim()}"`),
  );
}

test.describe('at 320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the list, the form and the picker fit and their controls are at least 44 px high', async ({
    page,
    request,
  }) => {
    await useToken(page, await apiLogin(request));
    await page.goto('/shippingAddress');
    await expect(cards(page).first()).toBeVisible();
    expect(await smallTapTargets(page), 'list').toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
    await shot(page, 'demo-list-320');

    await cards(page).first().getByTestId('address-edit').click();
    await expect(page.locator('#address-mobile')).toHaveValue(/^1\d{10}$/);
    expect(await smallTapTargets(page), 'form').toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
    await shot(page, 'demo-form-320');

    await page.getByTestId('address-region').click();
    await page.getByTestId('region-picker').locator('input').fill('朝阳');
    await expect(page.getByTestId('region-match').first()).toBeVisible();
    expect(await smallTapTargets(page), 'picker').toEqual([]);
  });
});
