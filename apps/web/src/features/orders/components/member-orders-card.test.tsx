import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { envelope } from '@pcb/client/test';
import { baseApi, currentPath, logIn } from '../../../test/base-api';
import { counts, orderRow } from '../../../test/order-fixtures';
import { renderApp } from '../../../test/render-app';

beforeEach(() => logIn());
afterEach(() => vi.unstubAllGlobals());

const api = (overrides: Parameters<typeof baseApi>[0] = {}) =>
  baseApi({
    'GET /api/Pcb/GetMemberOrderStatusNum': () => ({
      body: envelope(counts({ pendingReview: 1, awaitingPayment: 0, shipped: 2 })),
    }),
    'GET /api/Smt/GetMemberOrderStatusNum': () => ({
      body: envelope(counts({ awaitingPayment: 1 })),
    }),
    'GET /api/Stencil/GetMemberOrderStatusNum': () => ({
      body: envelope(counts({ pendingReview: 2, awaitingPayment: 1 })),
    }),
    'GET /api/MemberMessage/GetUnReadNum': () => ({
      body: envelope({ total: 3, order: 2, eq: 1, finance: 0, system: 0 }),
    }),
    'POST /api/Smt/GetList': () => ({
      body: envelope({ items: [], total: 0, page: 1, pageSize: 10 }),
    }),
    ...overrides,
  });

const countOf = (status: string) =>
  within(screen.getByTestId(`member-orders-${status}`)).getByTestId('member-orders-count')
    .textContent;

describe('/member: 我的订单 and 消息', () => {
  it('counts each status over the three kinds and opens the list on it', async () => {
    api();
    renderApp('/member');
    await screen.findByTestId('member-orders');
    await waitFor(() => expect(countOf('pendingReview')).toBe('3'));
    expect(countOf('awaitingConfirmation')).toBe('0');
    expect(countOf('awaitingPayment')).toBe('2');
    expect(countOf('shipped')).toBe('2');
    expect(screen.getByTestId('member-orders-awaitingPayment')).toHaveClass('mo-status-urgent');
    expect(screen.getByTestId('member-orders-pendingReview')).not.toHaveClass('mo-status-urgent');

    act(() => fireEvent.click(screen.getByTestId('member-orders-awaitingPayment')));
    await screen.findByTestId('the-orders-page');
    expect(currentPath()).toBe('/TheOrders');
    // The first kind that has orders awaiting payment: SMT.
    expect(screen.getByTestId('order-kind-smt')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('order-status-awaitingPayment')).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  it('shows unread messages on 消息 and on the footer’s 我的', async () => {
    api();
    renderApp('/member');
    expect(await screen.findByTestId('member-unread')).toHaveTextContent('3');
    expect(screen.getByTestId('footer-unread')).toHaveTextContent('3');
    act(() => fireEvent.click(screen.getByTestId('member-entry-messages')));
    expect(currentPath()).toBe('/InfoList');
  });

  it('shows no badge without unread messages, and a retry when the counts fail', async () => {
    api({
      'GET /api/MemberMessage/GetUnReadNum': () => ({
        body: envelope({ total: 0, order: 0, eq: 0, finance: 0, system: 0 }),
      }),
      'GET /api/Smt/GetMemberOrderStatusNum': () => ({
        status: 500,
        body: envelope(null, false, '服务器繁忙'),
      }),
    });
    renderApp('/member');
    expect(await screen.findByText('订单数量加载失败，点击重试')).toBeInTheDocument();
    expect(countOf('pendingReview')).toBe('—');
    expect(screen.queryByTestId('member-unread')).toBeNull();
    expect(screen.queryByTestId('footer-unread')).toBeNull();
  });
});

describe('/: the member’s latest orders', () => {
  it('shows the newest order of each kind when logged in', async () => {
    api({
      'GET /api/Pcb/GetMemberLatestOrder': () => ({
        body: envelope(orderRow(1, { status: 'awaitingPayment' })),
      }),
      'GET /api/Smt/GetMemberLatestOrder': () => ({ body: envelope(null) }),
      'GET /api/Stencil/GetMemberLatestOrder': () => ({
        body: envelope(
          orderRow(2, { kind: 'stencil', orderNo: 'G2026112400002', status: 'shipped' }),
        ),
      }),
    });
    renderApp('/');
    const latest = await screen.findAllByTestId('home-latest-order');
    expect(latest.map((o) => o.textContent)).toEqual([
      expect.stringContaining('PCBP2026112400001'),
      expect.stringContaining('钢网G2026112400002'),
    ]);
    expect(latest[0]).toHaveTextContent('待付款');
    act(() => fireEvent.click(latest[1]!));
    expect(currentPath()).toBe('/TheOrders/orderDetail');
  });
});
