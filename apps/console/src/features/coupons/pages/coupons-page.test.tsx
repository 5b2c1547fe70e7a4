import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { CouponTemplate, StaffCampaign } from '@pcb/contract/staff-coupon';
import { mockApi, ok } from '@pcb/client/test';
import type { StaffRole } from '@pcb/contract';
import { page, sessionFixture } from '../../../test/fixtures';
import { renderConsole } from '../../../test/render-app';

const template: CouponTemplate = {
  id: 1,
  name: 'BOM配单立减30',
  serviceType: 'bom',
  amount: 3_000,
  minOrderAmount: 20_000,
  validityKind: 'days',
  validFrom: null,
  validTo: null,
  validDays: 30,
  isActive: true,
  granted: 12,
  createdAt: '2026-11-01T00:00:00Z',
};

const campaign: StaffCampaign = {
  id: 2,
  name: '双11领券',
  templateId: 1,
  templateName: 'PCB满500减50',
  stock: 200,
  claimed: 37,
  perMemberLimit: 2,
  startsAt: '2026-11-01T00:00:00Z',
  endsAt: '2026-12-31T15:59:59Z',
  isActive: true,
};

function couponServer(roles: StaffRole[]) {
  return mockApi({
    'GET /api/StaffAuth/Me': () => ok(sessionFixture(roles)),
    'GET /api/StaffCoupon/ListTemplates': () => ok([template]),
    'GET /api/StaffCoupon/ListCampaigns': () => ok([campaign]),
    'GET /api/StaffCoupon/GetBundle': () => ok([]),
    'GET /api/StaffCoupon/ListDeductions': () =>
      ok(
        page([
          {
            orderId: 9,
            orderNo: 'P2026112400009',
            member: { id: 7, displayName: '示例电子' },
            couponId: 3,
            couponName: 'PCB满500减50',
            amount: 5_000,
            usedAt: '2026-11-24T03:00:00Z',
            returnedAt: null,
          },
        ]),
      ),
  });
}

describe('优惠券 (console)', () => {
  it('运营 sees the templates with what was granted, and may create and switch them', async () => {
    couponServer(['content']);
    renderConsole('/coupons');
    const row = (await screen.findByText('BOM配单立减30')).closest('tr') as HTMLElement;
    expect(within(row).getByText('BOM配单')).toBeInTheDocument();
    expect(within(row).getByText('满¥200.00')).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: '启用BOM配单立减30' })).toBeEnabled();
    expect(screen.getByRole('button', { name: /新建模板/ })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '发放给会员' })).toBeInTheDocument();
  });

  it('finance reads: no writes; the campaigns and the deductions per order', async () => {
    couponServer(['finance']);
    renderConsole('/coupons');
    const row = (await screen.findByText('BOM配单立减30')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('switch')).toBeDisabled();
    expect(screen.queryByRole('button', { name: /新建模板/ })).toBeNull();
    expect(screen.queryByRole('tab', { name: '发放给会员' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '领券活动' }));
    const camp = (await screen.findByText('双11领券')).closest('tr') as HTMLElement;
    expect(camp).toHaveTextContent('37');
    fireEvent.click(screen.getByRole('tab', { name: '订单抵扣' }));
    expect(await screen.findByText('P2026112400009')).toBeInTheDocument();
  });
});
