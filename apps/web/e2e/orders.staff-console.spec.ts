// Issue 19 in the console: a member's PCB order worked through the order desk by each role —
// the engineer raises an engineering question and, once answered, passes it; finance records
// the offline transfer; production records the twelve steps, ships two parcels, adds a
// tracking event and completes it. After each move the member's own Pcb/GetDetail says where
// the order is.
import {
  expect as baseExpect,
  test,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { expectAccessible } from './axe';
import { answerEq, memberOrder, placePcbOrder, type PlacedPcbOrder } from './order-api';
import { consoleLogin } from './support';

// Three staff browsers and a member share two cores with the server: screens get more time.
const expect = baseExpect.configure({ timeout: 15_000 });

const FINANCE_TOTP_SECRET = 'PCBDEMOFINANCESECRET234567ABCDEF';

/** A 1×1 PNG: the picture of the engineering question. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** One staff member's own desktop browser. */
async function staffPage(browser: Browser, userName: string, totpSecret?: string) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    baseURL: test.info().project.use.baseURL,
    // The console opens its dialogs without motion (see playwright.config.ts).
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await consoleLogin(page, userName, totpSecret);
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/desk-${name}.png` });

const drawerOf = (page: Page) => page.getByRole('dialog', { name: /^订单 [PSG]\d+/ });
const dialogTitled = (page: Page, title: string) =>
  page.getByRole('dialog', { name: new RegExp(`^${title}：`) });
const toast = (page: Page, text: string) =>
  page.locator('.ant-message-notice').filter({ hasText: text });

async function openOrder(page: Page, order: PlacedPcbOrder): Promise<Locator> {
  await page.goto(`/console/orders?order=${order.id}`);
  const drawer = page.getByRole('dialog', { name: new RegExp(`^订单 ${order.orderNo}`) });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function expectStatus(
  request: Parameters<typeof memberOrder>[0],
  order: PlacedPcbOrder,
  status: string,
) {
  await expect.poll(async () => (await memberOrder(request, order)).status).toBe(status);
}

test('an order worked through the desk: EQ, pass, offline payment, production, two parcels, completion', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const order = await placePcbOrder(request);
  await expectStatus(request, order, 'pendingReview');

  // ---- The engineer: the desk starts on 待审核; the order is there. ----
  await consoleLogin(page, 'engineer');
  await page.getByRole('menuitem', { name: '订单工作台' }).click();
  await expect(page.getByRole('radio', { name: /^待审核/ })).toBeChecked();
  const row = page.getByRole('row').filter({ hasText: order.orderNo });
  await expect(row).toContainText('待审核');
  await shot(page, 'list-engineer');
  await row.getByRole('button', { name: '查看' }).click();
  let drawer = drawerOf(page);
  await expect(drawer.getByRole('toolbar', { name: '订单操作' }).getByRole('button')).toHaveText([
    '审核通过',
    '修改价格',
    '提出工程问题',
  ]);
  await shot(page, 'drawer-review');

  // A new price, looked at and dropped: the dialog shows old → new as it is typed.
  await drawer.getByRole('button', { name: '修改价格' }).click();
  const price = dialogTitled(page, '修改价格');
  await price.getByLabel('新总价', { exact: true }).fill(((order.total + 1500) / 100).toFixed(2));
  await price.getByRole('button', { name: '按总价调整' }).click();
  await expect(price.getByTestId('price-diff')).toContainText('+¥15.00');
  await shot(page, 'change-price');
  await price.getByRole('button', { name: /取\s*消/ }).click();
  await expect(price).toBeHidden();

  // The question, with two suggested answers and a picture.
  await drawer.getByRole('button', { name: '提出工程问题' }).click();
  const eq = dialogTitled(page, '提出工程问题');
  await eq.getByLabel('问题', { exact: true }).fill('阻焊开窗与焊盘间距不足，是否允许工厂调整？');
  await eq.getByLabel('选项 1', { exact: true }).fill('同意调整');
  await eq.getByLabel('选项 2', { exact: true }).fill('保持原设计');
  await eq.locator('input[type="file"]').setInputFiles({
    name: '焊盘.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(
    eq.locator('.ant-upload-list-item-done, .ant-upload-list-item-container img'),
  ).not.toHaveCount(0);
  await expect(eq.locator('.ant-upload-list-item-uploading')).toHaveCount(0);
  await shot(page, 'raise-eq');
  await eq.getByRole('button', { name: '发送给会员' }).click();
  await expect(toast(page, '工程问题已发给会员')).toBeVisible();
  await expectStatus(request, order, 'awaitingConfirmation');
  await expect(drawer.getByRole('region', { name: '工程问题' })).toContainText('待会员回复');
  // Nothing but another question while the member has not answered… and no pass.
  await expect(drawer.getByRole('toolbar', { name: '订单操作' }).getByRole('button')).toHaveText([
    '修改价格',
    '提出工程问题',
  ]);

  // ---- The member answers through the API: back to review. ----
  const asked = (await memberOrder(request, order)).eqs[0]!;
  expect(asked.options).toEqual(['同意调整', '保持原设计']);
  await answerEq(request, order, asked.id, '同意调整');
  await expectStatus(request, order, 'pendingReview');

  drawer = await openOrder(page, order);
  await expect(drawer.getByText('会员已回复1个工程问题，请查看后继续审核')).toBeVisible();
  await expect(drawer.getByRole('group', { name: '会员回复' })).toContainText('选择：同意调整');
  await shot(page, 'drawer-answered');
  await drawer.getByRole('button', { name: '审核通过' }).click();
  const pass = dialogTitled(page, '审核通过');
  await expect(pass).toContainText('订单将由「待审核」变为「待付款」');
  await pass.getByRole('button', { name: '审核通过' }).click();
  await expect(toast(page, '已审核通过')).toBeVisible();
  await expectStatus(request, order, 'awaitingPayment');
  await expect(drawer.getByRole('toolbar', { name: '订单操作' }).getByRole('button')).toHaveCount(
    0,
  );

  // ---- Finance: the transfer arrived. ----
  const finance = await staffPage(browser, 'finance', FINANCE_TOTP_SECRET);
  await finance.goto('/console/orders');
  await expect(finance.getByRole('radio', { name: /^待付款/ })).toBeChecked();
  drawer = await openOrder(finance, order);
  await drawer.getByRole('button', { name: '登记线下付款' }).click();
  const payment = dialogTitled(finance, '登记线下付款');
  await expect(payment.getByTestId('payment-amount')).toHaveText(
    `¥${(order.total / 100).toFixed(2)}`,
  );
  await payment.getByLabel('银行流水号', { exact: true }).fill(`TR${Date.now()}`);
  await payment.getByLabel('付款户名', { exact: true }).fill('南宁华创电子有限公司');
  await shot(finance, 'record-payment');
  await payment.getByRole('button', { name: '登记付款' }).click();
  await expect(toast(finance, '付款已登记')).toBeVisible();
  await expectStatus(request, order, 'inProduction');
  await expect(drawer.getByRole('region', { name: '线下付款' })).toContainText(
    '南宁华创电子有限公司',
  );
  await finance.context().close();

  // ---- Production: twelve steps, two parcels, an event, done. ----
  const production = await staffPage(browser, 'production');
  await production.goto('/console/orders');
  await expect(production.getByRole('radio', { name: /^生产中/ })).toBeChecked();
  drawer = await openOrder(production, order);
  const steps = drawer.getByRole('list', { name: '工序' }).getByRole('listitem');
  await expect(steps).toHaveCount(12);
  for (let i = 0; i < 12; i += 1) {
    await drawer.getByRole('button', { name: '登记生产工序' }).click();
    const step = dialogTitled(production, '登记生产工序');
    await expect(step.getByTestId('next-step')).toContainText(`${i + 1}/12`);
    await step.getByRole('button', { name: '登记', exact: true }).click();
    await expect(step).toBeHidden();
    await expect(steps.nth(i)).toHaveAttribute('data-state', 'done');
  }
  const member = await memberOrder(request, order);
  expect(member.status).toBe('inProduction');
  expect(member.productionSteps.every((s) => s.doneAt !== null)).toBe(true);
  await shot(production, 'drawer-packed');

  // The full address, for the label: an audited reveal.
  const receiver = drawer.getByRole('region', { name: '收货与开票' });
  await expect(receiver).toContainText('查看完整地址会记入审计日志');
  await receiver.getByRole('button', { name: '查看完整地址' }).click();
  await expect(receiver.getByTestId('receiver-full')).toContainText('民族大道100号');

  await drawer.getByRole('button', { name: '发货' }).click();
  const ship = dialogTitled(production, '发货');
  const first = `SF${Date.now()}`;
  const second = `JD${Date.now()}`;
  await ship.getByLabel('包裹 1 快递单号', { exact: true }).fill(first);
  await ship.getByRole('button', { name: /添加包裹/ }).click();
  await ship.getByLabel('包裹 2 快递单号', { exact: true }).fill(second);
  await ship.getByRole('combobox', { name: '包裹 2 快递' }).click();
  await production.locator('.ant-select-item-option[title="京东"]').click();
  await shot(production, 'ship');
  await ship.getByRole('button', { name: '确认发货' }).click();
  await expect(toast(production, '已发货（2个包裹）')).toBeVisible();
  await expectStatus(request, order, 'shipped');

  const parcels = drawer.getByRole('region', { name: '包裹' });
  await parcels
    .getByRole('group', { name: new RegExp(first) })
    .getByRole('button', { name: '添加物流记录' })
    .click();
  const event = dialogTitled(production, '添加物流记录');
  await event.getByLabel('地点', { exact: true }).fill('南宁转运中心');
  await event.getByLabel('内容', { exact: true }).fill('快件已到达南宁，正在派送');
  await event.getByRole('button', { name: '添加', exact: true }).click();
  await expect(toast(production, '物流记录已添加')).toBeVisible();
  await expect(parcels.getByRole('group', { name: new RegExp(first) })).toContainText(
    '南宁转运中心 · 快件已到达南宁，正在派送',
  );
  const shipped = await memberOrder(request, order);
  expect(shipped.status).toBe('shipped');
  expect(shipped.parcels.map((p) => p.trackingNo).sort()).toEqual([first, second].sort());
  expect(shipped.parcels.find((p) => p.trackingNo === first)?.events[0]?.place).toBe(
    '南宁转运中心',
  );
  await shot(production, 'drawer-shipped');
  // The drawer with every part of an order's life breaks no accessibility rule.
  await expectAccessible(production);

  await drawer.getByRole('button', { name: '完成订单' }).click();
  const complete = dialogTitled(production, '完成订单');
  await complete.getByRole('button', { name: '完成订单' }).click();
  await expect(toast(production, '订单已完成')).toBeVisible();
  await expectStatus(request, order, 'completed');
  await expect(drawer.getByRole('region', { name: '处理记录' })).toContainText(
    '完成订单 已发货 → 已完成 · 孙师傅',
  );
  await production.keyboard.press('Escape');
  // antd draws the chip over its hidden radio: the chip is what is clicked.
  await production.locator('label.ant-radio-button-wrapper', { hasText: '已完成' }).click();
  await expect(production.getByRole('radio', { name: /^已完成/ })).toBeChecked();
  await expect(production.getByRole('row').filter({ hasText: order.orderNo })).toContainText(
    '已完成',
  );
  await shot(production, 'list-completed');

  // ---- 工作台: the production queues link to the desk. ----
  await production.goto('/console/');
  const todo = production.getByRole('region', { name: '待办' });
  await expect(todo.getByRole('link', { name: /^今天应发货/ })).toBeVisible();
  await shot(production, 'home');
  await todo.getByRole('link', { name: /^已发货待完成/ }).click();
  await expect(production).toHaveURL(/\/console\/orders\?queue=shipped$/);
  await expect(production.getByTestId('queue-tag')).toHaveText('工作队列：已发货待完成');
  await production.context().close();
});
