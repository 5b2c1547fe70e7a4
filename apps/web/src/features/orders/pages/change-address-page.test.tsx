import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Receiver } from '@pcb/contract/member-receiver';
import { envelope } from '@pcb/client/test';
import { baseApi, currentPath, logIn } from '../../../test/base-api';
import { orderDetail, stepsOf } from '../../../test/order-fixtures';
import { renderApp } from '../../../test/render-app';
import { expectToast } from '../../../test/ui-text';

beforeEach(() => logIn());
afterEach(() => vi.unstubAllGlobals());

const receiver = (id: number, name: string, isDefault = false): Receiver => ({
  id,
  receiverName: name,
  mobile: '13900139000',
  region: {
    code: '310115',
    country: '中国',
    province: '上海市',
    city: '上海市',
    county: '浦东新区',
  },
  address: `张江路${id}号`,
  postcode: null,
  company: null,
  isDefault,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
});

describe('/TheOrders/changeAddress', () => {
  it('picks another of the member’s receivers and goes back to the order', async () => {
    let order = orderDetail({ status: 'awaitingPayment' });
    const { requests } = baseApi({
      'GET /api/Stencil/GetDetail': () => ({ body: envelope(order) }),
      'GET /api/MemberReceiver/GetPagedList': () => ({
        body: envelope({
          items: [receiver(21, '王工', true), receiver(22, '李工')],
          total: 2,
          page: 1,
          pageSize: 50,
        }),
      }),
      'PATCH /api/Stencil/UpdateReceiver': () => {
        order = { ...order, receiver: { ...order.receiver, receiverId: 22, receiverName: '李工' } };
        return {
          body: envelope({ id: 1, orderNo: order.orderNo, status: order.status, revision: 5 }),
        };
      },
    });
    order = { ...order, kind: 'stencil' };
    renderApp('/TheOrders/changeAddress?id=1&kind=stencil');
    const choices = await screen.findAllByTestId('receiver-choice');
    expect(choices.map((c) => c.textContent)).toEqual([
      '王工 139****9000默认当前上海市上海市浦东新区 张江路21号',
      '李工 139****9000上海市上海市浦东新区 张江路22号',
    ]);
    expect(choices[0]).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('change-address-save')).toBeDisabled();
    act(() => fireEvent.click(choices[1]!));
    act(() => fireEvent.click(screen.getByTestId('change-address-save')));
    await expectToast('收货地址已修改');
    await waitFor(() => expect(currentPath()).toBe('/TheOrders/orderDetail'));
    const patch = requests.find((r) => r.url.pathname === '/api/Stencil/UpdateReceiver');
    expect([patch?.method, patch?.body]).toEqual(['PATCH', { id: 1, value: 22 }]);
    expect(await screen.findByTestId('order-receiver-name')).toHaveTextContent('李工');
  });

  it('says the order can no longer change its receiver once packed', async () => {
    baseApi({
      'GET /api/Pcb/GetDetail': () => ({
        body: envelope(
          orderDetail({ status: 'inProduction', productionSteps: stepsOf('pcb', 12) }),
        ),
      }),
      'GET /api/MemberReceiver/GetPagedList': () => ({
        body: envelope({ items: [receiver(21, '王工', true)], total: 1, page: 1, pageSize: 50 }),
      }),
    });
    renderApp('/TheOrders/changeAddress?id=1&kind=pcb');
    expect((await screen.findByTestId('page-empty')).textContent).toContain(
      '订单P2026112400001当前不能修改收货地址',
    );
    expect(screen.queryByTestId('receiver-choice')).toBeNull();
  });
});
