import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SiteMessage, UnreadCounts } from '@pcb/contract/member-message';
import { envelope } from '@pcb/client/test';
import { baseApi, currentPath, logIn } from '../../../test/base-api';
import { renderApp } from '../../../test/render-app';
import { expectToast } from '../../../test/ui-text';

beforeEach(() => logIn());
afterEach(() => vi.unstubAllGlobals());

const message = (id: number, over: Partial<SiteMessage> = {}): SiteMessage => ({
  id,
  category: 'order',
  title: `订单P2026112400${id}审核通过`,
  content: '您的订单已审核通过，请尽快付款。',
  link: '/TheOrders/orderDetail?id=1&kind=pcb',
  isRead: false,
  createdAt: '2026-11-24T03:00:00.000Z',
  readAt: null,
  ...over,
});

/** A server keeping the messages' read state, counting unread as the real one does. */
function messageServer(initial: SiteMessage[], openEqs = 0) {
  let messages = initial;
  const unread = (): UnreadCounts => {
    const count = (c?: string) =>
      messages.filter((m) => !m.isRead && (!c || m.category === c)).length;
    return {
      total: count(),
      order: count('order'),
      eq: count('eq'),
      finance: count('finance'),
      system: count('system'),
    };
  };
  return baseApi({
    'GET /api/MemberMessage/GetUnReadNum': () => ({ body: envelope(unread()) }),
    'GET /api/MemberMessage/GetMbComprehensiveMessages': () => ({
      body: envelope(
        (['order', 'eq', 'finance', 'system'] as const).map((category) => ({
          category,
          categoryName: category,
          unreadCount: unread()[category],
          latest: messages.find((m) => m.category === category) ?? null,
        })),
      ),
    }),
    'GET /api/MemberMessage/GetList': (r) => {
      const category = r.url.searchParams.get('category');
      const items = messages.filter((m) => !category || m.category === category);
      return { body: envelope({ items, total: items.length, page: 1, pageSize: 20 }) };
    },
    'PUT /api/MemberMessage/SetIsRead': (r) => {
      const { id } = r.body as { id: number };
      messages = messages.map((m) =>
        m.id === id ? { ...m, isRead: true, readAt: '2026-11-24T05:00:00.000Z' } : m,
      );
      return { body: envelope(messages.find((m) => m.id === id)) };
    },
    'PUT /api/MemberMessage/SetAllMessagesToReaded': () => {
      const count = unread().total;
      messages = messages.map((m) => ({ ...m, isRead: true }));
      return { body: envelope({ count }) };
    },
    'GET /api/EqQuestion/GetEqList': () => ({
      body: envelope({ items: [], total: openEqs, page: 1, pageSize: 1 }),
    }),
  });
}

const items = () => screen.getAllByTestId('msg-item');

describe('/InfoList', () => {
  it('shows each category with its newest message and unread count; opening one reads it', async () => {
    const { requests } = messageServer(
      [
        message(1),
        message(2, { category: 'finance', title: '收到转账', isRead: true, link: null }),
        message(3, {
          category: 'eq',
          title: '工程问题待回复',
          link: '/InfoList/eqReply?orderId=1',
        }),
      ],
      1,
    );
    renderApp('/InfoList');
    await screen.findByTestId('msg-list');
    const order = screen.getByTestId('msg-category-order');
    expect(order).toHaveTextContent('订单消息');
    expect(order).toHaveTextContent('订单P20261124001审核通过');
    expect(within(order).getByTestId('msg-category-unread')).toHaveTextContent('1');
    expect(screen.getByTestId('msg-category-system')).toHaveTextContent('暂无消息');
    await waitFor(() =>
      expect(screen.getByTestId('msg-unread-total')).toHaveTextContent('全部消息 · 2条未读'),
    );
    expect(await screen.findByTestId('open-eq-entry')).toHaveTextContent('1个工程问题等待您回复');

    act(() => fireEvent.click(within(items()[0]!).getByRole('button', { expanded: false })));
    expect(within(items()[0]!).queryByTestId('msg-unread-dot')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('msg-unread-total')).toHaveTextContent('1条未读'),
    );
    expect(requests.find((r) => r.url.pathname === '/api/MemberMessage/SetIsRead')?.body).toEqual({
      id: 1,
    });
    act(() => fireEvent.click(within(items()[0]!).getByTestId('msg-link')));
    expect(currentPath()).toBe('/TheOrders/orderDetail');
  });

  it('filters by category and reads all at once', async () => {
    const { requests } = messageServer([
      message(1),
      message(2),
      message(3, { category: 'system', title: '手机号更换已通过' }),
    ]);
    renderApp('/InfoList');
    await screen.findByTestId('msg-list');
    act(() => fireEvent.click(screen.getByTestId('msg-category-system')));
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(items()[0]).toHaveTextContent('手机号更换已通过');
    expect(screen.getByTestId('msg-unread-total')).toHaveTextContent('系统消息 · 1条未读');
    act(() => fireEvent.click(screen.getByTestId('msg-category-system')));
    await waitFor(() => expect(items()).toHaveLength(3));

    act(() => fireEvent.click(screen.getByTestId('msg-read-all')));
    await expectToast('已将3条消息设为已读');
    await waitFor(() => expect(screen.queryAllByTestId('msg-unread-dot')).toHaveLength(0));
    expect(screen.getByTestId('msg-read-all')).toBeDisabled();
    expect(
      requests.find((r) => r.url.pathname === '/api/MemberMessage/SetAllMessagesToReaded')?.body,
    ).toEqual({});
  });

  it('says when there is no message', async () => {
    messageServer([]);
    renderApp('/InfoList');
    expect((await screen.findByTestId('page-empty')).textContent).toBe(
      '暂无消息，订单和账户的动态会通知您',
    );
    expect(screen.queryByTestId('open-eq-entry')).toBeNull();
  });
});
