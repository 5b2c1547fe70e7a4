// The console's 优惠券 (decisions 0061, 0062): 运营 creates a template, opens a campaign of it and
// grants one to a member; each tab checked by axe and photographed.
import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { apiRegister, consoleLogin, uniqueMobile } from './support';
import { data } from './money-support';

test('运营 creates a template, a campaign and a grant', async ({ page, request }) => {
  const token = await apiRegister(request, { mobile: uniqueMobile(), password: 'Secret123' });
  const me = await data<{ id: number }>(
    await request.get('/api/MemberInfo/Get', { headers: { authorization: `Bearer ${token}` } }),
  );
  await consoleLogin(page, 'content');
  await page.goto('/console/coupons');
  await expect(page.getByRole('heading', { name: '优惠券' })).toBeVisible();
  // The demo templates are listed.
  await expect(page.getByRole('cell', { name: '新人PCB券' }).first()).toBeVisible();

  await page.getByRole('button', { name: '新建模板' }).click();
  const modal = page.getByRole('dialog', { name: '新建优惠券模板' });
  await modal.getByLabel('名称').fill('控制台测试券');
  await modal.getByLabel('面额（元）').fill('15');
  await modal.getByLabel('最低订单金额（元，0为无门槛）').fill('100');
  await modal.getByRole('button', { name: '创建' }).click();
  await expect(page.getByText('模板已创建')).toBeVisible();
  await expect(page.getByRole('cell', { name: '控制台测试券' }).first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('console-coupon-templates.png') });

  await page.getByRole('tab', { name: '领券活动' }).click();
  await expect(page.getByRole('cell', { name: '双11 PCB满500减50' }).first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('console-coupon-campaigns.png') });

  await page.getByRole('tab', { name: '新人礼包' }).click();
  await expect(page.getByRole('cell', { name: '新人SMT券' }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('console-coupon-bundle.png') });

  await page.getByRole('tab', { name: '发放给会员' }).click();
  await page.getByLabel('会员编号').fill(String(me.id));
  await page.getByLabel('优惠券模板').click();
  await page.getByTitle('控制台测试券').click();
  await page.getByLabel('发放原因').fill('客户投诉补偿');
  await page.getByRole('button', { name: '发放' }).click();
  await expect(page.getByText(`已向会员#${me.id}发放1张`)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('console-coupon-grant.png') });

  const mine = await data<{ total: number; items: { name: string }[] }>(
    await request.get('/api/MemberRebate/GetList?state=unused', {
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  expect(mine.items.map((c) => c.name)).toEqual(['控制台测试券']);

  await page.getByRole('tab', { name: '订单抵扣' }).click();
  await expect(page.getByText('暂无抵扣记录').or(page.getByRole('cell').first())).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('console-coupon-deductions.png') });
});
