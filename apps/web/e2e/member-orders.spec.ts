// Issue 19 in the browser, the member's side: an order's life in /TheOrders and its detail
// (change the receiver, cancel with a reason, reorder, delete), the public /orderState, and the
// message centre after the factory moved an order (read all, answer a question), at 375 and
// 320 px. Orders are placed and moved by the factory through the API; the member uses screens.
import { randomUUID } from 'node:crypto';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { defaultPcbParams } from '@pcb/pricing';
import { expectAccessible } from './axe';
import { STAFF_PASSWORD, apiRegister, toast, uniqueMobile, useToken } from './support';

const password = 'Orders2026pass';

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { success: boolean; data: T; message: string };
  expect(body.success, body.message).toBe(true);
  return body.data;
}

interface Member {
  token: string;
  mobile: string;
  receivers: { id: number; name: string; mobile: string }[];
}

/** A fresh member with two receivers (the first is the default). */
async function newMember(request: APIRequestContext): Promise<Member> {
  const mobile = uniqueMobile();
  const token = await apiRegister(request, { mobile, password });
  const receivers = [];
  for (const [name, regionCode, address] of [
    ['王工', '440305', '科技园南区18号'],
    ['李工', '310115', '张江路88号'],
  ] as const) {
    const receiverMobile = uniqueMobile();
    const created = await data<{ id: number }>(
      await request.post('/api/MemberReceiver/Create', {
        headers: { authorization: `Bearer ${token}` },
        data: { receiverName: name, mobile: receiverMobile, regionCode, address },
      }),
    );
    receivers.push({ id: created.id, name, mobile: receiverMobile });
  }
  return { token, mobile, receivers };
}

/** Places a PCB order as /fillOrder does: the file up first, priced by the server, then saved. */
async function placePcbOrder(request: APIRequestContext, member: Member) {
  const auth = { authorization: `Bearer ${member.token}` };
  const ticket = await data<Record<string, string>>(
    await request.get('/api/Common/getUploadCode?dirType=pcbFile&fileExt=zip', { headers: auth }),
  );
  const key = `${ticket.dir}${ticket.filename}${ticket.fileExt}`;
  const stored = await request.post(ticket.host!, {
    multipart: {
      key,
      OSSAccessKeyId: ticket.accessid!,
      policy: ticket.policy!,
      Signature: ticket.signature!,
      success_action_status: '200',
      'x-oss-forbid-overwrite': 'true',
      file: { name: 'board.zip', mimeType: 'application/zip', buffer: Buffer.from('PK gerber') },
    },
  });
  expect(stored.ok()).toBe(true);
  const options = { receiverId: member.receivers[0]!.id, courier: 'sf', invoice: 'none' };
  const quote = await data<{ total: number; sheetVersion: number }>(
    await request.post('/api/Pcb/CalcPrice', {
      headers: auth,
      data: { params: defaultPcbParams, ...options },
    }),
  );
  return data<{ id: number; orderNo: string }>(
    await request.post('/api/Pcb/SaveOrder', {
      headers: auth,
      data: {
        params: defaultPcbParams,
        ...options,
        sheetVersion: quote.sheetVersion,
        expectedTotal: quote.total,
        fileKey: key,
        fileName: '主控板V2.zip',
        requestId: randomUUID(),
      },
    }),
  );
}

/** The engineer of the seed, signed in through the API, with the session's CSRF token. */
async function engineer(baseURL: string) {
  const context = await playwrightRequest.newContext({ baseURL });
  const login = await data<{ next: string; session: { csrfToken: string } }>(
    await context.post('/api/StaffAuth/Login', {
      data: { userName: 'engineer', password: STAFF_PASSWORD },
    }),
  );
  const headers = { 'x-csrf-token': login.session.csrfToken };
  return {
    pass: async (id: number) =>
      data(await context.post('/api/StaffOrder/Pass', { headers, data: { id } })),
    raiseEq: async (id: number, question: string, options: string[]) =>
      data(
        await context.post('/api/StaffOrder/RaiseEq', { headers, data: { id, question, options } }),
      ),
    dispose: () => context.dispose(),
  };
}

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
}

/** Checks the screen as it is (no overflow, nothing axe-core finds) and keeps a picture of it. */
async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  // A button fading in from disabled would be measured half way (axe's colour contrast).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await noHorizontalOverflow(page);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

for (const width of [375, 320]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 760 } });

    test('an order’s life: list, detail, change receiver, cancel with a reason, reorder, delete', async ({
      page,
      request,
    }) => {
      const member = await newMember(request);
      const order = await placePcbOrder(request, member);
      await useToken(page, member.token);

      // 我的订单 on /member counts it under 待审核 and opens the list there.
      await page.goto('/member');
      const pending = page.getByTestId('member-orders-pendingReview');
      await expect(pending.getByTestId('member-orders-count')).toHaveText('1');
      await pending.click();
      await expect(page).toHaveURL(/\/TheOrders\?kind=pcb&status=pendingReview$/);
      const card = page.getByTestId('order-card').filter({ hasText: order.orderNo });
      await expect(card.getByTestId('order-status')).toHaveText('待审核');
      await shot(page, 'the-orders');
      await card.getByRole('button', { name: order.orderNo }).click();

      // The detail: what the status allows, from the lifecycle table.
      await expect(page.getByTestId('order-no')).toHaveText(order.orderNo);
      await expect(page.getByTestId('order-actions').getByRole('button')).toHaveText([
        '修改订单',
        '取消订单',
      ]);
      await expect(page.getByTestId('timeline-entry').first()).toContainText('提交订单');
      await shot(page, 'order-detail');

      // Edit: the new price beside the current one first, then saved; back to 待审核.
      await page.getByTestId('order-action-edit').click();
      const colours = page
        .getByTestId('order-param-editor')
        .getByRole('radiogroup', { name: '阻焊颜色' });
      await colours.getByRole('radio', { name: '黑', exact: true }).click();
      await page.getByTestId('edit-order-price').click();
      await expect(page.getByTestId('price-diff-before')).toHaveText(/^¥\d/);
      await expect(page.getByTestId('price-diff-after')).toHaveText(/^¥\d/);
      await shot(page, 'edit-order');
      await page.getByTestId('edit-order-save').click();
      await expect(toast(page, '订单已修改，等待重新审核')).toBeVisible();
      await expect(page.getByTestId('order-param-string')).toContainText('黑油白字');

      // Another receiver.
      await page.getByTestId('order-change-receiver').click();
      await expect(page).toHaveURL(/\/TheOrders\/changeAddress\?id=\d+&kind=pcb$/);
      await page.getByTestId('receiver-choice').filter({ hasText: '李工' }).click();
      await shot(page, 'change-address');
      await page.getByTestId('change-address-save').click();
      await expect(toast(page, '收货地址已修改')).toBeVisible();
      await expect(page.getByTestId('order-receiver-name')).toHaveText('李工');
      await expect(page.getByTestId('order-receiver-address')).toContainText('张江路88号');

      // Cancel with a reason.
      await page.getByTestId('order-action-cancel').click();
      await page
        .getByTestId('cancel-reasons')
        .getByRole('radio', { name: '交期不满足需求' })
        .click();
      await shot(page, 'cancel-sheet');
      await page.getByTestId('cancel-confirm').click();
      await expect(toast(page, '订单已取消')).toBeVisible();
      await expect(page.getByTestId('order-band')).toContainText('已取消');
      await expect(page.getByTestId('order-cancel-reason')).toHaveText('取消原因：交期不满足需求');
      await expect(page.getByTestId('order-actions').getByRole('button')).toHaveText([
        '返单',
        '删除订单',
      ]);

      // Reorder: a new order, the same parameters and file, opened at once.
      const cancelledUrl = page.url();
      await page.getByTestId('order-action-reorder').click();
      await page.locator('.adm-dialog-button').filter({ hasText: '返单' }).click();
      await expect(toast(page, '已返单')).toBeVisible();
      await expect(page.getByTestId('order-no')).not.toHaveText(order.orderNo);
      await expect(page.getByTestId('order-band')).toContainText('待审核');
      await expect(page.getByTestId('order-file-name')).toHaveText('主控板V2.zip');

      // Delete the cancelled one: it leaves the list.
      await page.goto(cancelledUrl);
      await page.getByTestId('order-action-delete').click();
      await page.locator('.adm-dialog-button').filter({ hasText: '删除' }).click();
      await expect(toast(page, '订单已删除')).toBeVisible();
      await expect(page).toHaveURL(/\/TheOrders$/);
      await expect(page.getByTestId('order-card')).toHaveCount(1);
      await expect(page.getByTestId('order-card').filter({ hasText: order.orderNo })).toHaveCount(
        0,
      );
    });

    test('the public order look-up: masked state without login, the same answer for a wrong mobile', async ({
      page,
      request,
    }) => {
      const member = await newMember(request);
      const order = await placePcbOrder(request, member);
      await page.goto('/orderState');
      await page.locator('#order-state-no').fill(order.orderNo);
      await page.locator('#order-state-mobile').fill(uniqueMobile());
      await page.getByTestId('order-state-submit').click();
      await expect(page.getByTestId('order-state-refusal')).toHaveText(
        '未找到订单，请核对订单号和收货人手机号',
      );
      await page.locator('#order-state-mobile').fill(member.receivers[0]!.mobile);
      await page.getByTestId('order-state-submit').click();
      const result = page.getByTestId('order-state-result');
      await expect(result).toContainText(order.orderNo);
      await expect(result).toContainText('待审核');
      const masked = member.receivers[0]!.mobile.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');
      await expect(page.getByTestId('order-state-receiver')).toContainText(masked);
      await expect(page.getByTestId('order-state-refusal')).toHaveCount(0);
      await shot(page, 'order-state');
    });

    test('the factory’s moves reach the message centre: badges, answer a question, read all', async ({
      page,
      request,
      baseURL,
    }) => {
      const member = await newMember(request);
      const passed = await placePcbOrder(request, member);
      const asked = await placePcbOrder(request, member);
      const staff = await engineer(baseURL!);
      await staff.pass(passed.id);
      await staff.raiseEq(asked.id, '阻焊开窗与焊盘重叠，是否按文件生产？', [
        '按文件生产',
        '按工程建议修改',
      ]);
      await staff.dispose();
      await useToken(page, member.token);

      await page.goto('/member');
      await expect(page.getByTestId('member-unread')).toHaveText('2');
      await expect(page.getByTestId('footer-unread')).toHaveText('2');
      await expect(
        page.getByTestId('member-orders-awaitingConfirmation').getByTestId('member-orders-count'),
      ).toHaveText('1');
      await page.getByTestId('member-entry-messages').click();
      await expect(page.getByTestId('msg-category-order')).toContainText('订单审核通过');
      await expect(page.getByTestId('open-eq-entry')).toContainText('1个工程问题');
      await shot(page, 'info-list');

      // The question's message leads to its answer form.
      await page.getByTestId('msg-category-eq').click();
      await page.getByTestId('msg-item').first().getByRole('button').first().click();
      await page.getByTestId('msg-link').click();
      await expect(page).toHaveURL(/\/InfoList\/eqReply\?orderId=\d+&id=\d+$/);
      await page.getByRole('radio', { name: '按工程建议修改' }).click();
      await page.getByLabel('补充说明').fill('请按建议修改');
      await shot(page, 'eq-reply');
      await page.getByTestId('eq-submit').click();
      await expect(toast(page, '已回复，工程师会继续审核')).toBeVisible();
      await expect(page.getByTestId('eq-status').first()).toHaveText('已回复');
      await expect(page.getByTestId('eq-note')).toHaveText('问题都已回复，工程师会继续审核。');

      // The passed order waits for payment: how to pay shows on its detail.
      await page.goto(`/TheOrders/orderDetail?id=${passed.id}&kind=pcb`);
      await expect(page.getByTestId('order-payment')).toContainText('待付款');
      await shot(page, 'order-awaiting-payment');

      // Read all: the badges go.
      await page.goto('/InfoList');
      await expect(page.getByTestId('msg-unread-total')).toContainText('1条未读');
      await page.getByTestId('msg-read-all').click();
      await expect(toast(page, '已将1条消息设为已读')).toBeVisible();
      await expect(page.getByTestId('msg-unread-dot')).toHaveCount(0);
      await page.goto('/member');
      await expect(page.getByTestId('member-orders')).toBeVisible();
      await expect(page.getByTestId('member-unread')).toHaveCount(0);
      await expect(page.getByTestId('footer-unread')).toHaveCount(0);
      await shot(page, 'member');
      await page.goto('/');
      await expect(page.getByTestId('home-latest-order')).toHaveCount(1);
      await shot(page, 'home');
    });
  });
}
