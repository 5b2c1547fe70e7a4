import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { envelope } from '@pcb/client/test';
import { baseApi, logIn } from '../../../test/base-api';
import { orderDetail, parcel } from '../../../test/order-fixtures';
import { renderApp } from '../../../test/render-app';

beforeEach(() => logIn());
afterEach(() => vi.unstubAllGlobals());

describe('/TheOrders/orderDetail/orderTracker', () => {
  it('shows each parcel with the courier’s events, newest first', async () => {
    const { requests } = baseApi({
      'GET /api/Pcb/GetDetail': () => ({ body: envelope(orderDetail({ status: 'shipped' })) }),
      'POST /api/Pcb/GetShips': () => ({
        body: envelope([
          parcel(1),
          parcel(2, { courier: 'other', courierName: '自送', trackingNo: 'ZS-01' }),
        ]),
      }),
      'GET /api/Express/GetExpressData': () => ({
        body: envelope({
          orderNo: 'P2026112400001',
          expressNo: 'SF1234567890',
          expressType: 'sf',
          courierName: '顺丰速运',
          state: 'delivering',
          stateName: '派送中',
          events: [
            { time: '2026-11-30T01:00:00.000Z', place: '深圳南山', text: '快递员正在派送' },
            { time: '2026-11-29T01:00:00.000Z', place: '深圳', text: '快件已到达深圳转运中心' },
          ],
        }),
      }),
    });
    renderApp('/TheOrders/orderDetail/orderTracker?id=1&kind=pcb');
    const parcels = await screen.findAllByTestId('parcel');
    expect(parcels).toHaveLength(2);
    const first = within(parcels[0]!);
    expect(await first.findByTestId('parcel-state')).toHaveTextContent('派送中');
    expect(first.getAllByRole('listitem')[0]).toHaveTextContent('【深圳南山】快递员正在派送');
    // A courier the tracking provider does not know: the events recorded with the parcel.
    const second = within(parcels[1]!);
    expect(second.getByTestId('parcel-tracking-no')).toHaveTextContent('ZS-01');
    expect(second.getAllByRole('listitem')[0]).toHaveTextContent('【深圳】快件已到达深圳转运中心');
    const track = requests.filter((r) => r.url.pathname === '/api/Express/GetExpressData');
    expect(track).toHaveLength(1);
    expect(Object.fromEntries(track[0]!.url.searchParams)).toEqual({
      orderNo: 'P2026112400001',
      expressNo: 'SF1234567890',
      expressType: 'sf',
      mobile: '13800138000',
    });
  });

  it('before shipping, says there is nothing to track yet', async () => {
    baseApi({
      'GET /api/Smt/GetDetail': () => ({ body: envelope(orderDetail({ kind: 'smt' })) }),
      'GET /api/Smt/GetShips': () => ({ body: envelope([]) }),
    });
    renderApp('/TheOrders/orderDetail/orderTracker?id=1&kind=smt');
    expect((await screen.findByTestId('page-empty')).textContent).toBe(
      '订单还没有发货，发货后可在这里查看物流',
    );
  });
});
