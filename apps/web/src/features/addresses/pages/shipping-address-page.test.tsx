import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Receiver } from '@pcb/contract/member-receiver';
import { initialAppState, useAppStore } from '../../../lib/app-store';
import { queryClient } from '../../../lib/api';
import { envelope } from '@pcb/client/test';
import { baseApi, currentPath, logIn } from '../../../test/base-api';
import { noDialogLeft, tapDialogButton } from '../../../test/dialog';
import { renderApp } from '../../../test/render-app';
import { expectToast } from '../../../test/ui-text';

const receiver = (id: number, name: string, isDefault: boolean): Receiver => ({
  id,
  receiverName: name,
  mobile: '13912345678',
  region: { code: '440305', country: '中国', province: '广东省', city: '深圳市', county: '南山区' },
  address: `科技园 ${id} 号`,
  postcode: null,
  company: id === 1 ? '示例电子' : null,
  isDefault,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

let items: Receiver[];

function api() {
  return baseApi({
    'GET /api/MemberReceiver/GetPagedList': () => ({
      body: envelope({ items, total: items.length, page: 1, pageSize: 50 }),
    }),
    'PATCH /api/MemberReceiver/UpdateDefault': (r) => {
      const id = (r.body as { id: number }).id;
      items = items.map((x) => ({ ...x, isDefault: x.id === id }));
      return { body: envelope(items.find((x) => x.id === id)) };
    },
    'DELETE /api/MemberReceiver/Delete': (r) => {
      const id = (r.body as { id: number }).id;
      items = items.filter((x) => x.id !== id);
      if (items[0] && !items.some((x) => x.isDefault)) items[0] = { ...items[0], isDefault: true };
      return { body: envelope({ ok: true }) };
    },
  });
}

beforeEach(async () => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
  items = [receiver(1, '张工', true), receiver(2, '李采购', false)];
  await noDialogLeft();
});
afterEach(() => vi.unstubAllGlobals());

const cards = () => screen.getAllByTestId('address-card');
const card = (name: string) => cards().find((c) => c.textContent?.includes(name)) as HTMLElement;

describe('/shippingAddress', () => {
  it('lists the addresses with the mobile masked and the default marked', async () => {
    logIn();
    api();
    renderApp('/shippingAddress');
    await screen.findAllByTestId('address-card');
    expect(cards().map((c) => c.getAttribute('data-default'))).toEqual(['true', 'false']);
    const first = within(card('张工'));
    expect(first.getByTestId('address-mobile').textContent).toBe('139****5678');
    expect(first.getByTestId('address-default-badge').textContent).toBe('默认');
    expect(first.getByTestId('address-where').textContent).toBe('广东省 深圳市 南山区 科技园 1 号');
    expect(first.queryByTestId('address-set-default')).toBeNull();
    expect(within(card('李采购')).queryByTestId('address-default-badge')).toBeNull();
    expect(screen.getByTestId('address-count').textContent).toBe('共 2 个，最多可保存 50 个');
    expect(document.title).toBe('收货地址');
  });

  it('sets another address as the default', async () => {
    logIn();
    const { requests } = api();
    renderApp('/shippingAddress');
    await screen.findAllByTestId('address-card');
    act(() => fireEvent.click(within(card('李采购')).getByTestId('address-set-default')));
    await expectToast('已设为默认地址');
    await waitFor(() =>
      expect(within(card('李采购')).getByTestId('address-default-badge').textContent).toBe('默认'),
    );
    expect(within(card('张工')).queryByTestId('address-default-badge')).toBeNull();
    const call = requests.find((r) => r.url.pathname.endsWith('/UpdateDefault'));
    expect(call?.method).toBe('PATCH');
    expect(call?.body).toEqual({ id: 2 });
  });

  it('deletes after confirming, and shows the empty state when none are left', async () => {
    logIn();
    const { requests } = api();
    renderApp('/shippingAddress');
    await screen.findAllByTestId('address-card');
    act(() => fireEvent.click(within(card('张工')).getByTestId('address-delete')));
    expect((await screen.findByText(/确定删除/)).textContent).toBe(
      '确定删除「张工 广东省 深圳市 南山区」这个地址吗？',
    );
    await tapDialogButton('删除');
    await expectToast('已删除');
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(card('李采购')).getByTestId('address-default-badge').textContent).toBe('默认');
    expect(requests.find((r) => r.url.pathname.endsWith('/Delete'))?.body).toEqual({ id: 1 });

    await noDialogLeft();
    act(() => fireEvent.click(within(card('李采购')).getByTestId('address-delete')));
    await tapDialogButton('删除');
    expect((await screen.findByTestId('page-empty')).textContent).toContain(
      '还没有收货地址，添加一个，下单时就不用再填了',
    );
    act(() => fireEvent.click(screen.getByTestId('address-add')));
    await waitFor(() => expect(currentPath()).toBe('/shippingAddress/editAddress/new'));
  });

  it('shows the error with a retry when the list fails', async () => {
    logIn();
    let fail = true;
    baseApi({
      'GET /api/MemberReceiver/GetPagedList': () =>
        fail
          ? { status: 500, body: { success: false, data: null, message: '服务器开小差了' } }
          : { body: envelope({ items, total: 2, page: 1, pageSize: 50 }) },
    });
    renderApp('/shippingAddress');
    expect((await screen.findByTestId('page-error')).textContent).toContain('服务器开小差了');
    fail = false;
    act(() => fireEvent.click(screen.getByTestId('retry')));
    await waitFor(() => expect(cards()).toHaveLength(2));
  });
});
