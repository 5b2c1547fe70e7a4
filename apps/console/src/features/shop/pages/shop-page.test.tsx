import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffDelivery, StaffShopItem } from '@pcb/contract/shop-product';
import type { StaffRole } from '@pcb/contract';
import { mockApi, ok } from '@pcb/client/test';
import { page, sessionFixture } from '../../../test/fixtures';
import { renderConsole } from '../../../test/render-app';

const item: StaffShopItem = {
  id: 1,
  kind: 'coupon',
  name: '¥10 PCB券',
  description: '',
  pointsPrice: 500,
  stock: 37,
  coupon: { serviceType: 'pcb', amount: 1_000, minOrderAmount: 0, validity: '领取后30天内有效' },
  templateId: 3,
  isActive: true,
  exchanged: 13,
  createdAt: '2026-11-01T00:00:00Z',
};

const delivery: StaffDelivery = {
  id: 9,
  member: { id: 7, displayName: '示例电子' },
  itemName: '定制鼠标垫',
  points: 300,
  receiver: { receiverName: '张三', mobile: '13800138000', address: '广东省深圳市南山区科技园1号' },
  status: 'pending',
  courier: null,
  trackingNo: null,
  createdAt: '2026-11-24T03:00:00Z',
  shippedAt: null,
};

function shopServer(roles: StaffRole[]) {
  return mockApi({
    'GET /api/StaffAuth/Me': () => ok(sessionFixture(roles)),
    'GET /api/StaffShop/ListItems': () => ok([item]),
    'GET /api/StaffShop/ListDeliveries': () => ok(page([delivery])),
    'POST /api/StaffShop/ShipDelivery': (r) =>
      ok({
        ...delivery,
        status: 'shipped',
        ...(r.body as object),
        shippedAt: '2026-11-25T03:00:00Z',
      }),
  });
}

describe('积分商城 (console)', () => {
  it('运营 sees the items with price, stock and what was exchanged', async () => {
    shopServer(['content']);
    renderConsole('/shop');
    const row = (await screen.findByText('¥10 PCB券')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('¥10.00券，领取后30天内有效');
    expect(within(row).getByText('500')).toBeInTheDocument();
    expect(within(row).getByText('37')).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: '上架¥10 PCB券' })).toBeChecked();
  });

  it('production ships a delivery with courier and tracking number', async () => {
    const api = shopServer(['production']);
    renderConsole('/shop');
    expect(screen.queryByRole('tab', { name: '商品' })).toBeNull();
    const row = (await screen.findByText('定制鼠标垫')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '发货' }));
    fireEvent.change(await screen.findByLabelText('快递单号'), {
      target: { value: 'SF1234567890' },
    });
    fireEvent.click(screen.getByRole('button', { name: '确认发货' }));
    await waitFor(() =>
      expect(api.calls('POST /api/StaffShop/ShipDelivery')[0]?.body).toEqual({
        id: 9,
        courier: '顺丰',
        trackingNo: 'SF1234567890',
      }),
    );
  });
});
