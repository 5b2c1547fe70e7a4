// The console's 积分与签到 and 积分商城 (decisions 0073, 0074): 运营 sets day 7's sign-in reward
// and puts goods in the shop; a member exchanges them to an address (through the API);
// production ships the delivery and the member sees it shipped. Each screen checked by axe and
// photographed.
import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { data } from './money-support';
import { apiRegister, consoleLogin, uniqueMobile } from './support';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test('运营 sets the rewards and stocks goods; production ships an exchange', async ({
  page,
  browser,
  request,
}) => {
  await consoleLogin(page, 'content');
  await page.goto('/console/point-rules');
  await expect(page.getByRole('heading', { name: '积分与签到' })).toBeVisible();
  const day7 = page.getByLabel('第7天签到奖励');
  await expect(day7).toHaveValue('10');
  await day7.fill('12');
  await page.getByTestId('save-point-rules').click();
  await expect(page.getByText('积分规则已保存')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('console-point-rules.png') });
  const rules = await data<{ signInRewards: number[] }>(
    await request.get('/api/MemberPointHistory/GetRules'),
  );
  expect(rules.signInRewards[6]).toBe(12);

  const name = `鼠标垫${Date.now() % 100_000}`;
  await page.goto('/console/shop');
  await expect(page.getByRole('heading', { name: '积分商城' })).toBeVisible();
  await page.getByRole('button', { name: '新建商品' }).click();
  const modal = page.getByRole('dialog', { name: '新建积分商品' });
  await modal.getByLabel('类型').click();
  await page.getByTitle('实物（需发货）').click();
  await modal.getByLabel('名称').fill(name);
  await modal.getByLabel('积分价格').fill('1');
  await modal.getByLabel('库存').fill('3');
  await modal.getByRole('button', { name: '创建' }).click();
  await expect(page.getByText('商品已创建')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('3');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('console-shop-items.png') });

  // A member signs in (1 point) and exchanges the goods to their address.
  const token = await apiRegister(request, { mobile: uniqueMobile(), password: 'Secret123' });
  const receiver = await data<{ id: number }>(
    await request.post('/api/MemberReceiver/Create', {
      headers: bearer(token),
      data: {
        receiverName: '李工',
        mobile: uniqueMobile(),
        regionCode: '450103',
        address: '民族大道100号',
      },
    }),
  );
  await data(await request.post('/api/MemberSignIn/SignIn', { headers: bearer(token), data: {} }));
  const items = await data<{ items: { id: number; name: string }[] }>(
    await request.get('/api/ShopProduct/GetRebateList?page=1&pageSize=50', {
      headers: bearer(token),
    }),
  );
  const item = items.items.find((i) => i.name === name)!;
  await data(
    await request.post('/api/ShopProduct/ExchangeProduct', {
      headers: bearer(token),
      data: { id: item.id, requestId: crypto.randomUUID(), receiverId: receiver.id },
    }),
  );

  const production = await browser.newPage();
  await consoleLogin(production, 'production');
  await production.goto('/console/shop');
  await expect(production.getByRole('tab', { name: '商品' })).toHaveCount(0);
  const delivery = production.getByRole('row').filter({ hasText: name });
  await expect(delivery).toContainText('民族大道100号');
  await expectAccessible(production);
  await production.screenshot({ path: test.info().outputPath('console-shop-deliveries.png') });
  await delivery.getByRole('button', { name: '发货' }).click();
  const ship = production.getByRole('dialog', { name: `发货：${name}` });
  await ship.getByLabel('快递单号').fill('SF1234567890');
  await ship.getByRole('button', { name: '确认发货' }).click();
  await expect(production.getByText('已发货').first()).toBeVisible();

  const mine = await data<{ items: { itemName: string; status: string; trackingNo: string }[] }>(
    await request.get('/api/ShopProduct/GetExchangeList?page=1&pageSize=20', {
      headers: bearer(token),
    }),
  );
  expect(mine.items[0]).toMatchObject({
    itemName: name,
    status: 'shipped',
    trackingNo: 'SF1234567890',
  });

  // Day 7's reward back to its default for other tests.
  await page.goto('/console/point-rules');
  await page.getByLabel('第7天签到奖励').fill('10');
  await page.getByTestId('save-point-rules').click();
  await expect(page.getByText('积分规则已保存')).toBeVisible();
});
