// Issue 19 in the browser, both sides at once: the whole life of a PCB order with the member on
// a phone and the staff at the console's order desk, each in a browser of their own, every step
// through the screens (submit, question, price change, answer, accept, pass, offline payment,
// production, shipping, tracking, receipt, reorder); then an SMT and a stencil order in short.
// Each side reads what the other did from its own screens.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import {
  FINANCE_TOTP_SECRET,
  PNG,
  dialogTitled,
  drawerActions,
  findOnDesk,
  staffPage,
} from './desk';
import { expectFitsWidth } from './layout';
import { expectDetailStatus, memberPhone, newMember, placeOrder, settle, shot } from './order-flow';
import { expectNotice, recordNotices } from './notices';
import { consoleLogin } from './support';

// Three staff browsers and a phone share two cores with the server: screens get more time.
const expect = baseExpect.configure({ timeout: 60_000 });

/** `¥1,234.50` → 123450 (fen). */
const fenOf = (text: string) => Math.round(Number(text.replace(/[¥,]/g, '')) * 100);
/** 123450 → `¥1,234.50`, as both apps write money. */
const yuanOf = (fen: number) =>
  `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** A fee line of the member's detail: its name, amount and why. */
const feeLine = (page: Page, name: string) =>
  page.getByTestId('order-lines').getByRole('listitem').filter({ hasText: name });

/** The member's screen fits a 320 px phone too (issue 19: 320 px), then back to 375. */
async function fits320(page: Page, name: string) {
  await page.setViewportSize({ width: 320, height: 700 });
  await settle(page);
  await expectFitsWidth(page);
  await shot(page, `320-${name}`);
  await page.setViewportSize({ width: 375, height: 812 });
}

test('the life of a PCB order: submit, EQ, new price, answer and accept, pass, transfer, production, shipping, tracking, receipt, reorder', async ({
  browser,
  page: engineer,
  request,
}) => {
  test.setTimeout(1_200_000);
  await recordNotices(engineer);
  const member = await newMember(request);
  const phone = await memberPhone(browser, member);

  // ---- The member submits the order on /fillOrder: 20 boards, so an engineering fee. ----
  const order = await placeOrder(phone, 'pcb', '20');
  const quoted = fenOf(order.total);
  await expectDetailStatus(phone, '待审核', order.total);
  await expect(feeLine(phone, '工程费')).toContainText('¥100.00');
  await expect(feeLine(phone, '工程费')).toContainText('2层板每款设计¥100.00');
  const paramString = (await phone.getByTestId('order-param-string').textContent())!;
  expect(paramString).toContain('100×80mm');
  expect(paramString).toContain('20片');
  await expect(phone.getByTestId('order-file-name')).toHaveText('board-2layer.zip');
  await shot(phone, '01-member-placed');

  // ---- The engineer: the desk, the order, a question with options and a picture. ----
  await consoleLogin(engineer, 'engineer');
  await engineer.getByRole('menuitem', { name: '订单工作台' }).click();
  await expect(engineer.getByRole('radio', { name: /^待审核/ })).toBeChecked();
  let drawer = await findOnDesk(engineer, order.orderNo, '待审核');
  await expect(drawerActions(drawer)).toHaveText(['审核通过', '修改价格', '提出工程问题']);
  await drawer.getByRole('button', { name: '提出工程问题' }).click();
  const eq = dialogTitled(engineer, '提出工程问题');
  await eq.getByLabel('问题', { exact: true }).fill('外形层有两条重叠的边框线，是否按外框生产？');
  await eq.getByLabel('选项 1', { exact: true }).fill('按外框生产');
  await eq.getByLabel('选项 2', { exact: true }).fill('按内框生产');
  await eq.locator('input[type="file"]').setInputFiles({
    name: '边框.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(
    eq.locator('.ant-upload-list-item-done, .ant-upload-list-item-container img'),
  ).not.toHaveCount(0);
  await expect(eq.locator('.ant-upload-list-item-uploading')).toHaveCount(0);
  await eq.getByRole('button', { name: '发送给会员' }).click();
  await expectNotice(engineer, '工程问题已发给会员');
  await expect(drawer.getByRole('region', { name: '工程问题' })).toContainText('待会员回复');

  // While the question waits, a new price with its reason: old → new as it is typed.
  const raised = quoted + 3000;
  await expect(drawerActions(drawer)).toHaveText(['修改价格', '提出工程问题']);
  await drawer.getByRole('button', { name: '修改价格' }).click();
  const price = dialogTitled(engineer, '修改价格');
  await price.getByLabel('新总价', { exact: true }).fill((raised / 100).toFixed(2));
  await price.getByRole('button', { name: '按总价调整' }).click();
  await expect(price.getByTestId('price-diff')).toContainText('+¥30.00');
  await price.getByLabel('调价原因').fill('板边需加工艺边，增加工程调整费30元');
  await shot(engineer, '02-engineer-change-price');
  await price.getByRole('button', { name: '提交新价格' }).click();
  await expectNotice(engineer, '价格已修改，等待会员确认');
  await expect(drawer.getByText('新价格等待会员确认')).toBeVisible();
  await expect(drawer.getByText('1个工程问题等待会员回复')).toBeVisible();
  await expect(drawer.getByRole('region', { name: '价格变更' })).toContainText('待会员确认');
  await shot(engineer, '03-engineer-drawer-waiting');

  // ---- The member: two messages, 1 待确认, and what the order waits for. ----
  await phone.goto('/member');
  await expect(phone.getByTestId('member-unread')).toHaveText('2');
  await expect(phone.getByTestId('footer-unread')).toHaveText('2');
  const awaiting = phone.getByTestId('member-orders-awaitingConfirmation');
  await expect(awaiting.getByTestId('member-orders-count')).toHaveText('1');
  await awaiting.click();
  await expect(phone).toHaveURL(/\/TheOrders\?kind=pcb&status=awaitingConfirmation$/);
  await expect(phone.getByTestId('orders-waiting')).toHaveText('1笔待确认，请尽快处理');
  const card = phone.locator(`[data-order-no="${order.orderNo}"]`);
  await expect(card.getByTestId('order-status')).toHaveText('待确认');
  await expect(card.getByTestId('order-flag-eq')).toHaveText('1个工程问题待回复');
  await expect(card.getByTestId('order-flag-price')).toHaveText('价格变更待确认');
  await shot(phone, '04-member-list-awaiting');

  // The question first, in /InfoList/eqReply: a choice, words and a photo of their own.
  await card.getByTestId('order-card-action').click();
  await expect(phone).toHaveURL(new RegExp(`/InfoList/eqReply\\?orderId=${order.id}$`));
  const question = phone.getByTestId('eq-card');
  await expect(question).toContainText('外形层有两条重叠的边框线，是否按外框生产？');
  await expect(question.getByRole('img', { name: '问题图片1' })).toBeVisible();
  await expect(question.getByTestId('eq-status')).toHaveText('待回复');
  await question.getByRole('radio', { name: '按外框生产' }).click();
  await question.getByLabel('补充说明').fill('以最外侧边框为准');
  await question.getByTestId('eq-image-input').setInputFiles({
    name: '标注.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect(question.getByTestId('eq-reply-image')).toHaveCount(1);
  await expect(question.getByTestId('eq-submit')).toHaveText('提交回复');
  await fits320(phone, 'eq-reply');
  await question.getByTestId('eq-submit').click();
  // The new price still waits for the member: the answer says so instead of 工程师会继续审核.
  await expectNotice(phone, '已回复，请确认工程师调整后的价格');
  await expect(question.getByTestId('eq-status')).toHaveText('已回复');
  await expect(phone.getByTestId('eq-note')).toHaveText(
    '问题都已回复。工程师还调整了价格，请在订单详情中确认新价格，确认后工程师继续审核。',
  );
  await expect(phone.getByTestId('eq-confirm-price')).toBeVisible();
  await expect(question.getByTestId('eq-answer')).toContainText('选择：按外框生产');
  await expect(question.getByTestId('eq-answer')).toContainText('以最外侧边框为准');
  await shot(phone, '05-member-eq-answered');

  // Then the price: back in the list the card asks for it alone; the detail shows old and new.
  await phone.getByRole('button', { name: '返回' }).click();
  await expect(card.getByTestId('order-flag-eq')).toHaveCount(0);
  await expect(card.getByTestId('order-card-action')).toHaveText('确认新价格');
  await card.getByTestId('order-card-action').click();
  await expect(phone.getByTestId('order-no')).toHaveText(order.orderNo);
  await expectDetailStatus(phone, '待确认', order.total);
  const change = phone.getByTestId('price-change');
  await expect(change).toContainText('原因：板边需加工艺边，增加工程调整费30元');
  await expect(change.getByTestId('price-diff-before')).toHaveText(order.total);
  await expect(change.getByTestId('price-diff-after')).toHaveText(yuanOf(raised));
  await expect(change.getByRole('row', { name: /工程调整/ })).toContainText('—¥30.00');
  await expect(phone.getByTestId('eq-prompt')).toHaveCount(0);
  await fits320(phone, 'price-change');
  await shot(phone, '06-member-price-change');
  await change.getByTestId('price-accept').click();
  await expectNotice(phone, '已接受新价格');
  // The engineer reads the answer before the order goes on: back to review, at the new price.
  await expectDetailStatus(phone, '待审核', yuanOf(raised));
  await expect(feeLine(phone, '工程调整')).toContainText('¥30.00');
  await expect(phone.getByTestId('price-change')).toHaveCount(0);
  await expect(phone.getByTestId('timeline-entry').last()).toContainText(
    `接受新价格：${order.total} → ${yuanOf(raised)}`,
  );

  // ---- The engineer sees the answer and the accepted price, and passes the order. ----
  // The desk keeps an order 10 s and does not refetch on focus: staff reload to see a member's move.
  await engineer.reload();
  drawer = engineer.getByRole('dialog', { name: new RegExp(`^订单 ${order.orderNo}`) });
  await expect(drawer.getByText('会员已回复1个工程问题，请查看后继续审核')).toBeVisible();
  await expect(drawer.getByRole('group', { name: '会员回复' })).toContainText('选择：按外框生产');
  await expect(drawer.getByRole('group', { name: '回复图片' }).getByRole('img')).toHaveCount(1);
  await expect(drawer.getByRole('region', { name: '价格变更' })).toContainText('会员已接受');
  await shot(engineer, '07-engineer-answered');
  await drawer.getByRole('button', { name: '审核通过' }).click();
  const pass = dialogTitled(engineer, '审核通过');
  await expect(pass).toContainText('订单将由「待审核」变为「待付款」');
  await pass.getByRole('button', { name: '审核通过' }).click();
  await expectNotice(engineer, '已审核通过');
  await expect(drawerActions(drawer)).toHaveCount(0);

  // The member: 待付款, how to pay by transfer, the order number as the remark.
  await phone.reload();
  await expectDetailStatus(phone, '待付款', yuanOf(raised));
  const payment = phone.getByTestId('order-payment');
  await expect(payment).toContainText(`待付款 ${yuanOf(raised)}`);
  await expect(payment.getByTestId('transfer-no-account')).toContainText(order.orderNo);
  await fits320(phone, 'awaiting-payment');

  // ---- Finance records the transfer with its bank reference. ----
  const finance = await staffPage(browser, 'finance', FINANCE_TOTP_SECRET);
  drawer = await findOnDesk(finance, order.orderNo, '待付款');
  await drawer.getByRole('button', { name: '登记线下付款' }).click();
  const transfer = dialogTitled(finance, '登记线下付款');
  await expect(transfer.getByTestId('payment-amount')).toHaveText(yuanOf(raised));
  const reference = `HX${Date.now()}`;
  await transfer.getByLabel('银行流水号', { exact: true }).fill(reference);
  await transfer.getByLabel('付款户名', { exact: true }).fill('南宁华创电子有限公司');
  await transfer.getByRole('button', { name: '登记付款' }).click();
  await expectNotice(finance, '付款已登记');
  await expect(drawer.getByRole('region', { name: '线下付款' })).toContainText(reference);
  await shot(finance, '08-finance-paid');
  await finance.context().close();

  await phone.reload();
  await expectDetailStatus(phone, '生产中', yuanOf(raised));
  await expect(phone.getByTestId('order-payment')).toHaveCount(0);
  await expect(phone.getByTestId('production-step')).toHaveCount(12);
  await expect(phone.getByTestId('production-step').first()).toContainText('待完成');

  // ---- Production: the twelve steps, shipping in one parcel, a tracking event. ----
  const production = await staffPage(browser, 'production');
  drawer = await findOnDesk(production, order.orderNo, '生产中');
  const steps = drawer.getByRole('list', { name: '工序' }).getByRole('listitem');
  await expect(steps).toHaveCount(12);
  for (let i = 0; i < 12; i += 1) {
    await drawer.getByRole('button', { name: '登记生产工序' }).click();
    const step = dialogTitled(production, '登记生产工序');
    await expect(step.getByTestId('next-step')).toContainText(`${i + 1}/12`);
    await step.getByRole('button', { name: '登记', exact: true }).click();
    await expect(step).toBeHidden();
    await expect(steps.nth(i)).toHaveAttribute('data-state', 'done');
    if (i === 2) {
      // Part way: the member sees the steps done so far.
      await phone.reload();
      await expect(phone.locator('[data-testid="production-step"].ol-step-done')).toHaveCount(3);
    }
  }
  await drawer.getByRole('button', { name: '发货' }).click();
  const ship = dialogTitled(production, '发货');
  const trackingNo = `SF${Date.now()}`;
  await expect(ship.getByRole('combobox', { name: '包裹 1 快递' })).toBeVisible();
  await expect(ship.getByRole('group', { name: '包裹 1' })).toContainText('顺丰');
  await ship.getByLabel('包裹 1 快递单号', { exact: true }).fill(trackingNo);
  await shot(production, '09-production-ship');
  await ship.getByRole('button', { name: '确认发货' }).click();
  await expectNotice(production, '已发货（1个包裹）');
  const parcel = drawer.getByRole('region', { name: '包裹' }).getByRole('group', {
    name: new RegExp(trackingNo),
  });
  await parcel.getByRole('button', { name: '添加物流记录' }).click();
  const event = dialogTitled(production, '添加物流记录');
  await event.getByLabel('地点', { exact: true }).fill('南宁转运中心');
  await event.getByLabel('内容', { exact: true }).fill('快件已到达南宁，正在派送');
  await event.getByRole('button', { name: '添加', exact: true }).click();
  await expectNotice(production, '物流记录已添加');
  await expect(parcel).toContainText('南宁转运中心 · 快件已到达南宁，正在派送');

  // ---- The member tracks the parcel and confirms receipt. ----
  await phone.reload();
  await expectDetailStatus(phone, '已发货', yuanOf(raised));
  await expect(phone.locator('[data-testid="production-step"].ol-step-done')).toHaveCount(12);
  const parcels = phone.getByTestId('order-parcels');
  await expect(parcels).toContainText('1个包裹 · 顺丰 快件已到达南宁，正在派送');
  await fits320(phone, 'shipped');
  await parcels.click();
  await expect(phone).toHaveURL(
    new RegExp(`/TheOrders/orderDetail/orderTracker\\?id=${order.id}&kind=pcb$`),
  );
  await expect(phone.getByTestId('parcel-tracking-no')).toHaveText(trackingNo);
  await expect(phone.getByTestId('parcel-events').getByRole('listitem').first()).toContainText(
    '【南宁转运中心】快件已到达南宁，正在派送',
  );
  await fits320(phone, 'tracker');
  await shot(phone, '10-member-tracker');
  await phone.getByRole('button', { name: '返回' }).click();
  await phone.getByTestId('order-action-confirmReceipt').click();
  await expect(phone.locator('.adm-dialog')).toContainText('确认收货后订单完成');
  await phone.locator('.adm-dialog-button').filter({ hasText: '确认收货' }).click();
  await expectNotice(phone, '已确认收货');
  await expectDetailStatus(phone, '已完成', yuanOf(raised));
  await expect(phone.getByTestId('order-actions').getByRole('button')).toHaveText([
    '返单',
    '删除订单',
  ]);
  await expect(phone.getByTestId('timeline-entry').last()).toContainText('确认收货');
  await shot(phone, '11-member-completed');

  // The desk sees it done by the member.
  await production.reload();
  await expect(drawer.getByRole('region', { name: '处理记录' })).toContainText(
    '确认收货 已发货 → 已完成',
  );
  await production.context().close();

  // ---- 返单: the same parameters and file, no engineering fee, back to review. ----
  await phone.getByTestId('order-action-reorder').click();
  await expect(phone.locator('.adm-dialog')).toContainText('参数未变免工程费');
  await phone.locator('.adm-dialog-button').filter({ hasText: '返单' }).click();
  await expect(phone.getByTestId('order-no')).not.toHaveText(order.orderNo);
  const reorderNo = (await phone.getByTestId('order-no').textContent())!;
  expect(reorderNo).toMatch(/^P\d{8,}$/);
  await expectNotice(phone, `已返单：${reorderNo}`);
  await expect(phone.getByText(`返单自`)).toBeVisible();
  await expect(phone.getByRole('button', { name: order.orderNo })).toBeVisible();
  await expect(phone.getByTestId('order-param-string')).toHaveText(paramString);
  await expect(phone.getByTestId('order-file-name')).toHaveText('board-2layer.zip');
  await expect(feeLine(phone, '工程费')).toContainText('¥0.00');
  await expect(feeLine(phone, '工程费')).toContainText('返单且文件未改动，免工程费');
  await expect(feeLine(phone, '工程调整')).toHaveCount(0);
  // Today's sheet, as quoted at first, less the ¥100 engineering fee.
  await expectDetailStatus(phone, '待审核', yuanOf(quoted - 10000));
  await shot(phone, '12-member-reorder');

  // The engineer finds the reorder waiting for review.
  drawer = await findOnDesk(engineer, reorderNo, '待审核');
  await expect(drawer).toContainText(paramString);
  await expect(drawerActions(drawer)).toHaveText(['审核通过', '修改价格', '提出工程问题']);
  await phone.context().close();
});

for (const [kind, tab, name, prefix] of [
  ['smt', 'SMT', 'SMT贴片', 'S'],
  ['stencil', '钢网', '钢网', 'G'],
] as const) {
  test(`a ${name} order in short: placed, in its tab, opened, moved by the engineer`, async ({
    browser,
    page: engineer,
    request,
  }) => {
    test.setTimeout(300_000);
    await recordNotices(engineer);
    const member = await newMember(request);
    const phone = await memberPhone(browser, member);
    const order = await placeOrder(phone, kind, '2');
    expect(order.orderNo.startsWith(prefix)).toBe(true);
    await expect(phone).toHaveURL(new RegExp(`kind=${kind}$`));

    // In /TheOrders under its own tab, with its count; the PCB tab has none.
    await phone.goto('/TheOrders');
    await expect(phone.getByTestId('page-empty')).toContainText('还没有PCB订单');
    await phone.getByRole('tab', { name: tab }).click();
    await expect(phone.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(
      phone.getByTestId('order-status-pendingReview').locator('.ol-chip-count'),
    ).toHaveText('1');
    const card = phone.locator(`[data-order-no="${order.orderNo}"]`);
    await expect(card.getByTestId('order-status')).toHaveText('待审核');
    await expect(card.getByTestId('order-total')).toHaveText(order.total);
    await shot(phone, `${kind}-list`);
    await card.getByRole('button', { name: order.orderNo }).click();
    await expect(phone).toHaveURL(
      new RegExp(`/TheOrders/orderDetail\\?id=${order.id}&kind=${kind}$`),
    );
    await expect(phone.getByRole('heading', { name: `${name}订单` })).toBeVisible();
    await expectDetailStatus(phone, '待审核', order.total);
    await expect(phone.getByTestId('order-actions').getByRole('button')).toHaveText(['取消订单']);

    // One move at the desk.
    await consoleLogin(engineer, 'engineer');
    const drawer = await findOnDesk(engineer, order.orderNo, '待审核');
    if (kind === 'smt') {
      await drawer.getByRole('button', { name: '审核通过' }).click();
      const pass = dialogTitled(engineer, '审核通过');
      await pass.getByRole('button', { name: '审核通过' }).click();
      await expectNotice(engineer, '已审核通过');

      await phone.reload();
      await expectDetailStatus(phone, '待付款', order.total);
      await expect(phone.getByTestId('order-payment')).toContainText(`待付款 ${order.total}`);
    } else {
      await drawer.getByRole('button', { name: '提出工程问题' }).click();
      const eq = dialogTitled(engineer, '提出工程问题');
      await eq.getByLabel('问题', { exact: true }).fill('开口是否按焊盘内缩10%？');
      await eq.getByLabel('选项 1', { exact: true }).fill('内缩10%');
      await eq.getByLabel('选项 2', { exact: true }).fill('按文件1:1');
      await eq.getByRole('button', { name: '发送给会员' }).click();
      await expectNotice(engineer, '工程问题已发给会员');

      await phone.reload();
      await expectDetailStatus(phone, '待确认', order.total);
      await expect(phone.getByTestId('eq-prompt')).toContainText('开口是否按焊盘内缩10%？');
    }
    await shot(phone, `${kind}-moved`);
    await phone.goto(`/TheOrders?kind=${kind}&status=all`);
    await expect(card.getByTestId('order-status')).toHaveText(kind === 'smt' ? '待付款' : '待确认');
    await phone.context().close();
  });
}
