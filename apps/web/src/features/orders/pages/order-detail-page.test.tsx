import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MemberOrderDetail } from '@pcb/contract';
import { defaultPcbParams, defaultPriceSheet } from '@pcb/pricing';
import { envelope } from '@pcb/client/test';
import { baseApi, currentPath, logIn } from '../../../test/base-api';
import { noDialogLeft, tapDialogButton } from '../../../test/dialog';
import { eq, lines, orderDetail, parcel, priceChange, stepsOf } from '../../../test/order-fixtures';
import { renderApp } from '../../../test/render-app';
import { expectToast } from '../../../test/ui-text';

beforeEach(() => logIn());
afterEach(() => vi.unstubAllGlobals());

type Handlers = Parameters<typeof baseApi>[0];

/** A server holding one order; writes change it as the real one would. */
function orderServer(initial: MemberOrderDetail, extra: Handlers = {}) {
  let order = initial;
  const module = { pcb: 'Pcb', smt: 'Smt', stencil: 'Stencil' }[order.kind];
  const write = () => ({
    body: envelope({ id: order.id, orderNo: order.orderNo, status: order.status, revision: 5 }),
  });
  const api = baseApi({
    [`GET /api/${module}/GetDetail`]: () => ({ body: envelope(order) }),
    'GET /api/Pcb/GetOrderProcess': () => ({
      body: envelope({ timeline: order.timeline, productionSteps: order.productionSteps }),
    }),
    [`${order.kind === 'pcb' ? 'POST' : 'PATCH'} /api/${module}/Cancel`]: (r) => {
      const { reason } = r.body as { reason: string };
      order = { ...order, status: 'cancelled', cancelReason: reason };
      return write();
    },
    [`POST /api/${module}/AcceptPriceChange`]: () => {
      order = { ...order, status: 'awaitingPayment', priceChange: null, pendingPriceChange: false };
      return write();
    },
    [`POST /api/${module}/RefusePriceChange`]: () => {
      order = { ...order, status: 'cancelled', priceChange: null, pendingPriceChange: false };
      return write();
    },
    [`DELETE /api/${module}/Delete`]: () => ({ body: envelope({ ok: true }) }),
    ...extra,
  });
  return { ...api, current: () => order };
}

const request = (requests: { url: URL }[], path: string) =>
  requests.find((r) => r.url.pathname === path) as
    { method: string; body: unknown; url: URL } | undefined;
// The bar loads with the order (its code is asked for while the order loads).
const actionButtons = async () =>
  within(await screen.findByTestId('order-actions'))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('/TheOrders/orderDetail', () => {
  it('shows a PCB order under review and cancels it with a picked reason', async () => {
    const { requests } = orderServer(
      orderDetail({ timeline: orderDetail().timeline, productionSteps: stepsOf('pcb') }),
    );
    renderApp('/TheOrders/orderDetail?id=1&kind=pcb');
    expect(await screen.findByTestId('order-no')).toHaveTextContent('P2026112400001');
    expect(screen.getByTestId('order-band')).toHaveTextContent('待审核');
    expect(screen.getByTestId('order-band')).toHaveTextContent('¥62.00');
    expect(screen.getByTestId('order-param-string')).toHaveTextContent('2层 | 100×100mm');
    expect(
      within(screen.getByTestId('order-lines')).getByText('10×10cm打样套餐'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('order-file-name')).toHaveTextContent('board.zip');
    expect(screen.getByTestId('order-file-download')).toHaveAttribute(
      'href',
      'https://oss.example.com/pcbFile/1/f1.zip?sig=x',
    );
    expect(screen.getByTestId('order-receiver')).toHaveTextContent('王工 138****8000');
    // The status allows these, and only these (the lifecycle table).
    expect(await actionButtons()).toEqual(['修改订单', '取消订单']);
    expect(screen.getByTestId('order-change-receiver')).toHaveTextContent('修改收货地址');
    expect(screen.getByTestId('order-file-replace')).toHaveTextContent('更换文件');
    expect(screen.queryByTestId('order-payment')).toBeNull();
    // PCB reads its timeline from GetOrderProcess.
    const entry = await screen.findByTestId('timeline-entry');
    expect(entry).toHaveTextContent('提交订单');
    expect(entry).toHaveTextContent('会员');
    expect(request(requests, '/api/Pcb/GetOrderProcess')?.url.search).toBe('?orderId=1');

    act(() => fireEvent.click(screen.getByText('取消订单')));
    const reasons = await screen.findByTestId('cancel-reasons');
    expect(screen.getByTestId('cancel-confirm')).toBeDisabled();
    act(() => fireEvent.click(within(reasons).getByText('交期不满足需求')));
    act(() => fireEvent.click(screen.getByTestId('cancel-confirm')));
    await expectToast('订单已取消');
    await waitFor(() => expect(screen.getByTestId('order-band')).toHaveTextContent('已取消'));
    expect(screen.getByTestId('order-cancel-reason')).toHaveTextContent('交期不满足需求');
    expect(request(requests, '/api/Pcb/Cancel')).toMatchObject({
      method: 'POST',
      body: { id: 1, reason: '交期不满足需求' },
    });
    // Cancelled: reorder and delete now, nothing to change.
    expect(await actionButtons()).toEqual(['返单', '删除订单']);
    expect(screen.queryByTestId('order-change-receiver')).toBeNull();
  });

  it('cancels an SMT order by PATCH with the member’s own words; its timeline is in the detail', async () => {
    const { requests } = orderServer(orderDetail({ kind: 'smt', orderNo: 'S2026112400001' }));
    renderApp('/TheOrders/orderDetail?id=1&kind=smt');
    await screen.findByTestId('order-no');
    expect(await screen.findByTestId('timeline-entry')).toHaveTextContent('提交订单');
    expect(await actionButtons()).toEqual(['取消订单']);
    act(() => fireEvent.click(screen.getByText('取消订单')));
    fireEvent.click(within(await screen.findByTestId('cancel-reasons')).getByText('其他'));
    const other = screen.getByRole('textbox', { name: '取消原因' });
    act(() => fireEvent.change(other, { target: { value: '  客户改用铝基板  ' } }));
    act(() => fireEvent.click(screen.getByTestId('cancel-confirm')));
    await expectToast('订单已取消');
    expect(request(requests, '/api/Smt/Cancel')).toMatchObject({
      method: 'PATCH',
      body: { id: 1, reason: '客户改用铝基板' },
    });
    expect(request(requests, '/api/Pcb/GetOrderProcess')).toBeUndefined();
  });

  it('shows a price change as a before/after diff and accepts it', async () => {
    const { requests } = orderServer(
      orderDetail({
        status: 'awaitingConfirmation',
        pendingPriceChange: true,
        priceChange: priceChange(),
      }),
      {
        'GET /api/DirectConnection/GetVirtualAccountListByMemberId': () => ({ body: envelope([]) }),
      },
    );
    renderApp('/TheOrders/orderDetail?id=1');
    const prompt = await screen.findByTestId('price-change');
    expect(prompt).toHaveTextContent('原因：文件实际尺寸大于下单尺寸');
    const rows = within(prompt)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      '费用原价新价',
      '板费¥50.00¥70.00',
      '运费¥12.00¥12.00',
      '合计¥62.00¥82.00',
    ]);
    act(() => fireEvent.click(screen.getByTestId('price-accept')));
    await expectToast('已接受新价格，请付款');
    await waitFor(() => expect(screen.queryByTestId('price-change')).toBeNull());
    expect(request(requests, '/api/Pcb/AcceptPriceChange')?.body).toEqual({
      id: 1,
      priceChangeId: 31,
    });
    // Now awaiting payment: how to pay shows.
    expect(await screen.findByTestId('order-payment')).toBeInTheDocument();
  });

  it('refuses a price change only after a warning that it cancels the order', async () => {
    const { requests } = orderServer(
      orderDetail({
        status: 'awaitingConfirmation',
        pendingPriceChange: true,
        priceChange: priceChange(),
      }),
    );
    renderApp('/TheOrders/orderDetail?id=1');
    fireEvent.click(await screen.findByTestId('price-refuse'));
    expect(await screen.findByText('拒绝新价格后订单将被取消，确定拒绝吗？')).toBeInTheDocument();
    await tapDialogButton('拒绝并取消订单');
    await expectToast('已拒绝新价格，订单已取消');
    expect(request(requests, '/api/Pcb/RefusePriceChange')?.body).toEqual({
      id: 1,
      priceChangeId: 31,
    });
    await noDialogLeft();
  });

  it('asks for the engineer’s questions to be answered', async () => {
    orderServer(orderDetail({ status: 'awaitingConfirmation', openEqs: 1, eqs: [eq(5)] }));
    renderApp('/TheOrders/orderDetail?id=1');
    const prompt = await screen.findByTestId('eq-prompt');
    expect(prompt).toHaveTextContent('工程师有1个问题需要您确认');
    expect(prompt).toHaveTextContent('阻焊开窗与焊盘重叠');
    expect(prompt).toHaveTextContent('回复后工程师继续审核');
    act(() => fireEvent.click(screen.getByTestId('eq-reply')));
    expect(currentPath()).toBe('/InfoList/eqReply');
  });

  it('with a new price waiting too, says both are needed before the engineer goes on', async () => {
    orderServer(
      orderDetail({
        status: 'awaitingConfirmation',
        openEqs: 1,
        eqs: [eq(5)],
        pendingPriceChange: true,
        priceChange: priceChange(),
      }),
    );
    renderApp('/TheOrders/orderDetail?id=1');
    const prompt = await screen.findByTestId('eq-prompt');
    expect(prompt).toHaveTextContent('回复问题并确认下方的新价格后，工程师继续审核');
    expect(await screen.findByTestId('price-change')).toBeInTheDocument();
  });

  it('awaiting payment: the member’s transfer account with the order number as remark', async () => {
    const { requests } = orderServer(orderDetail({ status: 'awaitingPayment', total: 8200 }), {
      'GET /api/DirectConnection/GetVirtualAccountListByMemberId': () => ({
        body: envelope([
          {
            id: 1,
            bankName: '招商银行深圳分行',
            accountName: '示例电路科技有限公司',
            accountNo: '7559 0000 0000 1234',
            createdAt: '2026-01-01T00:00:00Z',
          },
        ]),
      }),
    });
    renderApp('/TheOrders/orderDetail?id=1');
    const payment = await screen.findByTestId('order-payment');
    expect(payment).toHaveTextContent('待付款 ¥82.00');
    expect(await within(payment).findByTestId('transfer-account-no')).toHaveTextContent(
      '7559 0000 0000 1234',
    );
    expect(within(payment).getByTestId('transfer-remark')).toHaveTextContent('P2026112400001');
    expect(payment).toHaveTextContent('财务确认到账后登记付款');
    expect(
      request(requests, '/api/DirectConnection/GetVirtualAccountListByMemberId')?.url.search,
    ).toBe('?mbid=7');
    expect(await actionButtons()).toEqual(['去付款', '修改订单', '取消订单']);
  });

  it('in production: each step with its date; packed, the receiver stays', async () => {
    orderServer(
      orderDetail({
        status: 'inProduction',
        timeline: [
          ...orderDetail().timeline,
          {
            action: 'recordPayment',
            fromStatus: 'awaitingPayment',
            toStatus: 'inProduction',
            note: '银行流水 20261125001',
            actor: '财务 李会计',
            at: '2026-11-25T01:00:00.000Z',
          },
        ],
        productionSteps: stepsOf('pcb', 12),
      }),
    );
    renderApp('/TheOrders/orderDetail?id=1');
    const steps = await screen.findByTestId('production-steps');
    const items = within(steps).getAllByTestId('production-step');
    expect(items).toHaveLength(12);
    expect(items[0]).toHaveTextContent('开料');
    expect(items[11]).toHaveTextContent('包装');
    expect(items[11]).not.toHaveTextContent('待完成');
    expect(screen.getAllByTestId('timeline-entry')[1]).toHaveTextContent('登记线下付款生产中');
    expect(screen.getAllByTestId('timeline-entry')[1]).toHaveTextContent('银行流水 20261125001');
    expect(screen.queryByTestId('order-change-receiver')).toBeNull();
    expect(screen.queryByTestId('order-actions')).toBeNull();
  });

  it('shipped: links the parcels and confirms receipt', async () => {
    orderServer(orderDetail({ status: 'shipped', parcels: [parcel(1)] }), {
      'POST /api/Pcb/ConfirmReceipt': () => ({
        body: envelope({ id: 1, orderNo: 'P2026112400001', status: 'completed', revision: 6 }),
      }),
    });
    renderApp('/TheOrders/orderDetail?id=1');
    expect(await screen.findByTestId('order-parcels')).toHaveTextContent(
      '1个包裹 · 顺丰速运 快件已到达深圳转运中心',
    );
    expect(await actionButtons()).toEqual(['确认收货']);
    act(() => fireEvent.click(screen.getByTestId('order-parcels')));
    expect(currentPath()).toBe('/TheOrders/orderDetail/orderTracker');
  });

  it('deletes a completed order after confirming, back to the list', async () => {
    const { requests } = orderServer(orderDetail({ status: 'completed' }), {
      'POST /api/Pcb/GetMemberPcbOrders': () => ({
        body: envelope({ items: [], total: 0, page: 1, pageSize: 10 }),
      }),
    });
    renderApp('/TheOrders/orderDetail?id=1');
    fireEvent.click(await screen.findByTestId('order-action-delete'));
    expect(
      await screen.findByText('删除后订单P2026112400001将不再显示，确定删除吗？'),
    ).toBeInTheDocument();
    await tapDialogButton('删除');
    await expectToast('订单已删除');
    await waitFor(() => expect(currentPath()).toBe('/TheOrders'));
    expect(request(requests, '/api/Pcb/Delete')).toMatchObject({
      method: 'DELETE',
      body: { id: 1 },
    });
    await noDialogLeft();
  });

  it('reorders a completed PCB order and opens the new one', async () => {
    const { requests } = orderServer(orderDetail({ status: 'completed' }), {
      'POST /api/Pcb/Reorder': () => ({
        body: envelope({
          id: 9,
          kind: 'pcb',
          orderNo: 'P2026112600009',
          status: 'pendingReview',
          total: 5200,
          lines,
          sheetVersion: 3,
          buildDays: 3,
          shipDate: '2026-12-03',
          paramString: '2层 | 100×100mm',
          createdAt: '2026-11-26T03:00:00Z',
        }),
      }),
    });
    renderApp('/TheOrders/orderDetail?id=1');
    fireEvent.click(await screen.findByTestId('order-action-reorder'));
    await tapDialogButton('返单');
    await expectToast('已返单：P2026112600009');
    await waitFor(() =>
      expect(
        requests.some((r) => r.url.pathname === '/api/Pcb/GetDetail' && r.url.search === '?id=9'),
      ).toBe(true),
    );
    const body = request(requests, '/api/Pcb/Reorder')?.body as { id: number; requestId: string };
    expect(body.id).toBe(1);
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    await noDialogLeft();
  });

  it('edits a PCB order: the new price first, then saved at that price', async () => {
    const published = {
      version: 3,
      publishedAt: '2026-11-20T02:00:00.000Z',
      sheet: { ...defaultPriceSheet, version: 3 },
      calendar: { fromYear: 2025, toYear: 2027, holidays: [], makeUpWorkdays: [] },
    };
    const editQuote = (total: number) => ({
      quote: {
        total,
        lines: [{ ...lines[0]!, amount: total - 1200 }, lines[1]!],
        buildDays: 3,
        shipDate: '2026-12-02',
        warnings: [],
        sheetVersion: 3,
        regime: 'package',
        weightGrams: 300,
        paramString: '2层 | 100×100mm | 10片 | 1.6mm | 蓝油白字',
      },
      current: { total: 6200, lines },
      revision: 4,
    });
    let saves = 0;
    const { requests } = orderServer(orderDetail({ params: { ...defaultPcbParams } }), {
      'GET /api/PriceSheet/GetPublished': () => ({ body: envelope(published) }),
      'POST /api/Pcb/CalcEditOrder': () => ({
        body: envelope(editQuote(saves === 0 ? 6500 : 6600)),
      }),
      'PUT /api/Pcb/EditOrder': () => {
        saves += 1;
        return saves === 1
          ? { status: 409, body: envelope(null, false, '价格已更新，请确认新价格后再提交') }
          : {
              body: envelope({
                id: 1,
                orderNo: 'P2026112400001',
                status: 'pendingReview',
                revision: 5,
              }),
            };
      },
    });
    renderApp('/TheOrders/orderDetail?id=1');
    fireEvent.click(await screen.findByTestId('order-action-edit'));
    const editor = await screen.findByTestId('order-param-editor');
    const colours = within(editor).getByRole('radiogroup', { name: '阻焊颜色' });
    const other = within(colours)
      .getAllByRole('radio')
      .find((r) => r.getAttribute('aria-checked') === 'false')!;
    act(() => fireEvent.click(other));
    act(() => fireEvent.click(screen.getByTestId('edit-order-price')));
    const diff = await screen.findByTestId('price-diff');
    expect(within(diff).getByTestId('price-diff-before')).toHaveTextContent('¥62.00');
    expect(within(diff).getByTestId('price-diff-after')).toHaveTextContent('¥65.00');
    const calc = request(requests, '/api/Pcb/CalcEditOrder')?.body as {
      params: { maskColor: string };
    };
    expect(calc.params.maskColor).not.toBe(defaultPcbParams.maskColor);

    // The price moved meanwhile: the new one is shown to confirm again.
    act(() => fireEvent.click(screen.getByTestId('edit-order-save')));
    expect(await screen.findByTestId('edit-order-problem')).toHaveTextContent(
      '价格已更新，请确认新价格后再提交',
    );
    await waitFor(() =>
      expect(
        within(screen.getByTestId('price-diff')).getByTestId('price-diff-after'),
      ).toHaveTextContent('¥66.00'),
    );
    act(() => fireEvent.click(screen.getByTestId('edit-order-save')));
    await expectToast('订单已修改，等待重新审核');
    const edits = requests.filter((r) => r.url.pathname === '/api/Pcb/EditOrder');
    expect(edits.map((r) => (r.body as { expectedTotal: number }).expectedTotal)).toEqual([
      6500, 6600,
    ]);
    expect(edits[1]?.body).toMatchObject({ id: 1, revision: 4, sheetVersion: 3 });
  });

  it('says so when the order cannot be loaded, or the link has no id', async () => {
    baseApi({
      'GET /api/Pcb/GetDetail': () => ({ status: 400, body: envelope(null, false, '订单不存在') }),
    });
    renderApp('/TheOrders/orderDetail?id=99');
    expect((await screen.findByTestId('page-error')).textContent).toContain('订单不存在');
  });

  it('without an id, says the link is incomplete', async () => {
    baseApi();
    renderApp('/TheOrders/orderDetail');
    expect((await screen.findByTestId('page-empty')).textContent).toBe(
      '订单链接不完整，请从我的订单进入',
    );
  });
});
