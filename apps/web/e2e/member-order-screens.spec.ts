// Issue 19 in the browser, the member's order screens on their own: cancelling an order with a
// reason and deleting it, with the status chips and the member centre's counts following each
// step; then every order screen at 320 px, in every status the demo member's orders are in.
import { expect as baseExpect, test, type Page } from '@playwright/test';
import { expectFitsWidth } from './layout';
import { expectDetailStatus, newMember, placeOrder, settle, shot } from './order-flow';
import { expectNotice, recordNotices } from './notices';
import { apiLogin, useToken } from './support';

// Lazy screens on two cores shared with the server and other browsers: more time to appear.
const expect = baseExpect.configure({ timeout: 60_000 });

/** The count on a status chip of /TheOrders. */
const chipCount = (page: Page, status: string) =>
  page.getByTestId(`order-status-${status}`).locator('.ol-chip-count');

/** The count under a status of 我的订单 on /member. */
const memberCount = (page: Page, status: string) =>
  page.getByTestId(`member-orders-${status}`).getByTestId('member-orders-count');

test('cancel with the member’s own reason, then delete: the chips and counts follow', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  await recordNotices(page);
  const member = await newMember(request);
  await useToken(page, member.token);
  const kept = await placeOrder(page, 'pcb', '5');
  const order = await placeOrder(page, 'pcb', '20');

  await page.goto('/member');
  await expect(memberCount(page, 'pendingReview')).toHaveText('2');
  await page.getByTestId('member-orders-all').click();
  await expect(page).toHaveURL(/\/TheOrders\?kind=pcb&status=all$/);
  await expect(chipCount(page, 'all')).toHaveText('2');
  await expect(chipCount(page, 'pendingReview')).toHaveText('2');
  await expect(chipCount(page, 'cancelled')).toHaveText('0');
  await expect(page.getByTestId('order-card')).toHaveCount(2);
  await shot(page, 'list-two-pending');

  // Cancel from the detail with a reason of the member's own words.
  const card = page.locator(`[data-order-no="${order.orderNo}"]`);
  await card.getByRole('button', { name: order.orderNo }).click();
  await expectDetailStatus(page, '待审核', order.total);
  await page.getByTestId('order-action-cancel').click();
  await page.getByTestId('cancel-reasons').getByRole('radio', { name: '其他' }).click();
  await page.locator('#cancel-other-reason').fill('客户项目延期，下月再下单');
  await shot(page, 'cancel-other-reason');
  await page.getByTestId('cancel-confirm').click();
  await expectNotice(page, '订单已取消');
  await expectDetailStatus(page, '已取消');
  await expect(page.getByTestId('order-cancel-reason')).toHaveText(
    '取消原因：客户项目延期，下月再下单',
  );
  await expect(page.getByTestId('order-actions').getByRole('button')).toHaveText([
    '返单',
    '删除订单',
  ]);
  await expect(page.getByTestId('timeline-entry').last()).toContainText('取消订单');

  // Back in the list: the chips moved.
  await page.getByRole('button', { name: '返回' }).click();
  await expect(page).toHaveURL(/\/TheOrders\?kind=pcb&status=all$/);
  await expect(chipCount(page, 'all')).toHaveText('2');
  await expect(chipCount(page, 'pendingReview')).toHaveText('1');
  await expect(chipCount(page, 'cancelled')).toHaveText('1');
  await expect(card.getByTestId('order-status')).toHaveText('已取消');
  await expect(card.getByTestId('order-card-action')).toHaveText('返单');
  await page.getByTestId('order-status-cancelled').click();
  await expect(page.getByTestId('order-status-cancelled')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('order-card')).toHaveCount(1);
  await expect(card).toBeVisible();
  await shot(page, 'list-cancelled-chip');

  // Delete it: it leaves the list and every count.
  await card.getByRole('button', { name: order.orderNo }).click();
  await page.getByTestId('order-action-delete').click();
  await expect(page.locator('.adm-dialog')).toContainText(
    `删除后订单${order.orderNo}将不再显示，确定删除吗？`,
  );
  await page.locator('.adm-dialog-button').filter({ hasText: '删除' }).click();
  await expectNotice(page, '订单已删除');
  await expect(page).toHaveURL(/\/TheOrders$/);
  await expect(chipCount(page, 'all')).toHaveText('1');
  await expect(chipCount(page, 'pendingReview')).toHaveText('1');
  await expect(chipCount(page, 'cancelled')).toHaveText('0');
  await expect(page.getByTestId('order-card')).toHaveCount(1);
  await expect(page.locator(`[data-order-no="${kept.orderNo}"]`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.getByTestId('order-status-cancelled').click();
  await expect(page.getByTestId('page-empty')).toHaveText(/没有已取消的PCB订单/);
  await shot(page, 'list-after-delete');

  // A deleted order's address says it is gone; 我的订单 counts the one left.
  await page.goto(order.url);
  await expect(page.getByTestId('page-error')).toContainText('订单不存在');
  await page.goto('/member');
  await expect(memberCount(page, 'pendingReview')).toHaveText('1');
});

test.describe('320 px', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  /** Fits the width, and a picture of it. */
  async function look(page: Page, name: string) {
    await settle(page);
    await expectFitsWidth(page);
    await shot(page, `320-${name}`);
  }

  test('every order screen of the demo member fits, in every status', async ({ page, request }) => {
    test.setTimeout(600_000);
    await useToken(page, await apiLogin(request));

    await page.goto('/member');
    await expect(memberCount(page, 'shipped')).toHaveText(/^\d+$/);
    await look(page, 'member');

    for (const kind of ['pcb', 'smt', 'stencil'] as const) {
      await page.goto(`/TheOrders?kind=${kind}&status=all`);
      await expect(page.getByTestId('order-card').first()).toBeVisible();
      await look(page, `list-${kind}`);
      const orderNos = await page
        .getByTestId('order-card')
        .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-order-no')!));
      for (const orderNo of orderNos) {
        await page.goto(`/TheOrders?kind=${kind}&status=all`);
        await page
          .locator(`[data-order-no="${orderNo}"]`)
          .getByRole('button', { name: orderNo })
          .click();
        await expect(page.getByTestId('order-no')).toHaveText(orderNo);
        await expect(page.getByTestId('timeline-entry').first()).toBeVisible();
        const status = (await page
          .getByTestId('order-band')
          .getByTestId('order-status')
          .textContent())!;
        await look(page, `detail-${orderNo}-${status}`);
        if (await page.getByTestId('order-parcels').isVisible()) {
          await page.getByTestId('order-parcels').click();
          await expect(page.getByTestId('parcel').first()).toBeVisible();
          await expect(page.getByTestId('parcel-events').first()).toBeVisible();
          await look(page, `tracker-${orderNo}`);
          await page.goBack();
        }
        if (await page.getByTestId('order-change-receiver').isVisible()) {
          await page.getByTestId('order-change-receiver').click();
          await expect(page.getByTestId('receiver-choice').first()).toBeVisible();
          await look(page, `change-address-${orderNo}`);
          await page.goBack();
        }
        if (await page.getByTestId('order-action-cancel').isVisible()) {
          await page.getByTestId('order-action-cancel').click();
          await expect(page.getByTestId('cancel-reasons')).toBeVisible();
          await look(page, `cancel-sheet-${orderNo}`);
          await page.getByRole('button', { name: '暂不取消' }).click();
          await expect(page.getByTestId('cancel-reasons')).toBeHidden();
        }
      }
    }

    // The questions waiting, the message centre, the public look-up.
    await page.goto('/InfoList/eqReply');
    await expect(page.getByTestId('eq-card').first()).toBeVisible();
    await look(page, 'eq-reply');
    await page.goto('/InfoList');
    await expect(page.getByTestId('msg-category-order')).toBeVisible();
    await look(page, 'info-list');
    await page.getByTestId('msg-category-order').click();
    await expect(page.getByTestId('msg-item').first()).toBeVisible();
    await look(page, 'info-list-order');
    await page.goto('/orderState');
    await expect(page.locator('#order-state-no')).toBeVisible();
    await look(page, 'order-state');
  });
});
