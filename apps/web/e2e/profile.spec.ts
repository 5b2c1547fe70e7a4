import { expect, test } from '@playwright/test';
import { apiRegister, uniqueMobile, useToken } from './support';

test('the member edits QQ and contact phone, adds purchasing contacts and sets the main one', async ({
  page,
  request,
}) => {
  const token = await apiRegister(request, { mobile: uniqueMobile(), password: 'Secret123' });
  await useToken(page, token);

  await page.goto('/member');
  await page.getByTestId('member-entry-profile').click();
  await expect(page).toHaveURL(/\/userInfo$/);
  await expect(page.getByTestId('user-info-qq')).toHaveText('未填写');
  await page.screenshot({ path: test.info().outputPath('user-info-375.png') });

  // QQ: refused when too short, saved when right.
  await page.getByTestId('user-info-edit-qq').click();
  await page.locator('#edit-qq').fill('1234');
  await page.getByTestId('edit-qq-submit').click();
  await expect(page.getByText('应为5-11位数字')).toBeVisible();
  await page.locator('#edit-qq').fill('87654321');
  await page.getByTestId('edit-qq-submit').click();
  await expect(page.getByText('QQ号已保存')).toBeVisible();
  await expect(page).toHaveURL(/\/userInfo$/);
  await expect(page.getByTestId('user-info-qq')).toHaveText('87654321');

  // Contact phone: a mobile, shown masked.
  await page.getByTestId('user-info-edit-contact-phone').click();
  await page.locator('#edit-contact-phone').fill('13912345678');
  await page.getByTestId('edit-contact-phone-submit').click();
  await expect(page).toHaveURL(/\/userInfo$/);
  await expect(page.getByTestId('user-info-contact-phone')).toHaveText('139****5678');

  // Order contacts: the first purchasing contact becomes main; then another is made main.
  await page.getByTestId('user-info-edit-order-contact').click();
  await expect(page.getByTestId('page-empty')).toBeVisible();
  for (const [name, mobile] of [
    ['王采购', '13911112222'],
    ['赵敏', '13933334444'],
  ] as const) {
    await page.getByTestId('order-contacts-add').click();
    await expect(page).toHaveURL(/\/userInfo\/editOrderContact\/addOrderContact$/);
    await expect(page.getByTestId('footer')).toHaveCount(0);
    await expect(page.getByTestId('contact-form-type-purchasing')).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.locator('#contact-form-name').fill(name);
    await page.locator('#contact-form-mobile').fill(mobile);
    await page.getByTestId('contact-form-submit').click();
    await expect(page.getByText('联系人已添加')).toBeVisible();
    await expect(page).toHaveURL(/\/userInfo\/editOrderContact$/);
  }
  const group = page.getByTestId('contact-group-purchasing');
  const cards = group.locator('.contact-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText('王采购');
  await expect(cards.nth(0).locator('.contact-main-tag')).toHaveText('主联系人');
  await expect(cards.nth(1)).toContainText('139****4444');
  await expect(cards.nth(1).locator('.contact-main-tag')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('order-contacts-375.png'), fullPage: true });

  await cards.nth(1).getByRole('button', { name: '设为主联系人' }).click();
  await expect(page.getByText('已设为采购主联系人')).toBeVisible();
  // Main first within the type, and only one.
  await expect(cards.nth(0)).toContainText('赵敏');
  await expect(cards.nth(0).locator('.contact-main-tag')).toHaveText('主联系人');
  await expect(group.locator('.contact-main-tag')).toHaveCount(1);

  // At 320 px nothing spills sideways: the list and the contact form.
  await page.setViewportSize({ width: 320, height: 640 });
  const noSidewaysScroll = () =>
    page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(await noSidewaysScroll()).toBe(true);
  await cards.nth(0).getByRole('button', { name: '编辑' }).click();
  await expect(page.locator('#contact-form-name')).toHaveValue('赵敏');
  // Once the page has slid in completely.
  await expect(
    page.getByTestId('add-order-contact-page').getByTestId('page-header'),
  ).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: test.info().outputPath('contact-form-320.png'), fullPage: true });
  expect(await noSidewaysScroll()).toBe(true);
  await page.goBack();

  // As the server keeps it.
  const list = await request.get('/api/MemberContact/GetList', {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await list.json()) as { data: { contactName: string; isMain: boolean }[] };
  expect(body.data.map((c) => [c.contactName, c.isMain])).toEqual([
    ['赵敏', true],
    ['王采购', false],
  ]);
});
