import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelope } from '@pcb/client/test';
import { baseApi, currentPath, logIn } from '../../../test/base-api';
import { tapDialogButton } from '../../../test/dialog';
import { counts, orderRow, page } from '../../../test/order-fixtures';
import { renderApp } from '../../../test/render-app';
import { expectToast } from '../../../test/ui-text';

beforeEach(() => logIn());
afterEach(() => vi.unstubAllGlobals());

const countsApi = (pcb = counts(), smt = counts(), stencil = counts()) => ({
  'GET /api/Pcb/GetMemberOrderStatusNum': () => ({ body: envelope(pcb) }),
  'GET /api/Smt/GetMemberOrderStatusNum': () => ({ body: envelope(smt) }),
  'GET /api/Stencil/GetMemberOrderStatusNum': () => ({ body: envelope(stencil) }),
});

const cards = () => screen.getAllByTestId('order-card');
const chip = (status: string) => screen.getByTestId(`order-status-${status}`);

describe('/TheOrders', () => {
  it('lists PCB orders with their counts; what waits for the member comes first and stands out', async () => {
    const { requests } = baseApi({
      ...countsApi(counts({ awaitingPayment: 1, pendingReview: 1, completed: 3 })),
      'POST /api/Pcb/GetMemberPcbOrders': () => ({
        body: envelope(
          page([
            orderRow(2, { status: 'awaitingPayment', total: 12345 }),
            orderRow(1, { status: 'pendingReview' }),
          ]),
        ),
      }),
    });
    renderApp('/TheOrders');
    await screen.findByTestId('order-list');
    expect(cards().map((c) => c.dataset.orderNo)).toEqual(['P2026112400002', 'P2026112400001']);
    const first = within(cards()[0]!);
    expect(first.getByTestId('order-status').textContent).toBe('待付款');
    expect(first.getByTestId('order-total').textContent).toBe('¥123.45');
    expect(first.getByText('2026-11-24')).toBeInTheDocument();
    expect(first.getByTestId('order-card-action').textContent).toBe('去付款');
    expect(within(cards()[1]!).getByTestId('order-card-action').textContent).toBe('查看详情');

    // The chips: 全部, then 待确认 and 待付款, each with its count; 待付款 has orders waiting.
    const chips = screen.getAllByRole('radio').map((c) => c.textContent);
    expect(chips.slice(0, 3)).toEqual(['全部5', '待确认0', '待付款1']);
    expect(chip('awaitingPayment')).toHaveClass('ol-chip-urgent');
    expect(chip('awaitingConfirmation')).not.toHaveClass('ol-chip-urgent');
    expect(screen.getByTestId('orders-waiting').textContent).toBe('1笔待付款，请尽快处理');
    const list = requests.find((r) => r.url.pathname === '/api/Pcb/GetMemberPcbOrders')!;
    expect([list.method, list.body]).toEqual(['POST', { status: 'all', page: 1, pageSize: 10 }]);
  });

  it('filters by status and kind, keeping both in the address', async () => {
    const { requests } = baseApi({
      ...countsApi(counts({ completed: 1 }), counts({ awaitingConfirmation: 2 })),
      'POST /api/Pcb/GetMemberPcbOrders': () => ({ body: envelope(page([])) }),
      'POST /api/Smt/GetList': (r) => ({
        body: envelope(
          page([
            orderRow(7, {
              kind: 'smt',
              orderNo: 'S2026112400007',
              status:
                (r.body as { status: string }).status === 'all'
                  ? 'completed'
                  : 'awaitingConfirmation',
              openEqs: 1,
            }),
          ]),
        ),
      }),
    });
    renderApp('/TheOrders?status=completed');
    expect((await screen.findByTestId('page-empty')).textContent).toBe('没有已完成的PCB订单');
    expect(chip('completed')).toHaveAttribute('aria-checked', 'true');

    // SMT has questions waiting: its tab says so.
    await waitFor(() =>
      expect(
        within(screen.getByTestId('order-kind-smt')).getByLabelText('2笔待处理'),
      ).toBeInTheDocument(),
    );
    act(() => fireEvent.click(screen.getByTestId('order-kind-smt')));
    await screen.findByTestId('order-list');
    act(() => fireEvent.click(chip('awaitingConfirmation')));
    await waitFor(() =>
      expect(
        requests.filter((r) => r.url.pathname === '/api/Smt/GetList').map((r) => r.body),
      ).toContainEqual({
        status: 'awaitingConfirmation',
        page: 1,
        pageSize: 10,
      }),
    );
    const card = within((await screen.findAllByTestId('order-card'))[0]!);
    expect(card.getByTestId('order-flag-eq').textContent).toBe('1个工程问题待回复');
    act(() => fireEvent.click(card.getByTestId('order-card-action')));
    expect(currentPath()).toBe('/InfoList/eqReply');
  });

  it('loads the next page as the member scrolls to the end', async () => {
    const { requests } = baseApi({
      ...countsApi(counts({ completed: 12 })),
      'POST /api/Pcb/GetMemberPcbOrders': (r) => {
        const { page: n } = r.body as { page: number };
        const ids = n === 1 ? [12, 11, 10, 9, 8, 7, 6, 5, 4, 3] : [2, 1];
        return {
          body: envelope(
            page(
              ids.map((id) => orderRow(id, { status: 'completed' })),
              12,
              n,
            ),
          ),
        };
      },
    });
    // jsdom has no IntersectionObserver: the list's end counts as in view, the next page follows.
    renderApp('/TheOrders');
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(await screen.findByText('共12笔订单')).toBeInTheDocument();
    const pages = requests
      .filter((r) => r.url.pathname === '/api/Pcb/GetMemberPcbOrders')
      .map((r) => (r.body as { page: number }).page);
    expect(pages).toEqual([1, 2]);
  });

  it('confirms receipt from the card and shows the order completed', async () => {
    let status: 'shipped' | 'completed' = 'shipped';
    const { requests } = baseApi({
      ...countsApi(counts({ shipped: 1 })),
      'POST /api/Pcb/GetMemberPcbOrders': () => ({
        body: envelope(page([orderRow(3, { status })])),
      }),
      'POST /api/Pcb/ConfirmReceipt': () => {
        status = 'completed';
        return {
          body: envelope({ id: 3, orderNo: 'P2026112400003', status, revision: 5 }),
        };
      },
    });
    renderApp('/TheOrders');
    const action = await screen.findByTestId('order-card-action');
    expect(action.textContent).toBe('确认收货');
    act(() => fireEvent.click(action));
    await tapDialogButton('确认收货');
    await expectToast('已确认收货');
    await waitFor(() => expect(screen.getByTestId('order-status').textContent).toBe('已完成'));
    expect(requests.find((r) => r.url.pathname === '/api/Pcb/ConfirmReceipt')?.body).toEqual({
      id: 3,
    });
  });

  it('says when there is no order yet, and when the list fails to load', async () => {
    let fail = true;
    baseApi({
      ...countsApi(),
      'POST /api/Pcb/GetMemberPcbOrders': () =>
        fail
          ? { status: 500, body: envelope(null, false, '服务器繁忙，请稍后重试') }
          : { body: envelope(page([])) },
    });
    renderApp('/TheOrders');
    expect((await screen.findByTestId('page-error')).textContent).toContain(
      '服务器繁忙，请稍后重试',
    );
    fail = false;
    act(() => fireEvent.click(screen.getByTestId('retry')));
    expect((await screen.findByTestId('page-empty')).textContent).toContain('还没有PCB订单');
    expect(screen.getByText('去计价下单')).toBeInTheDocument();
  });
});
