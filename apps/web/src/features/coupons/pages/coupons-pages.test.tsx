import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { Campaign, CouponState, MemberCoupon } from '@pcb/contract/member-rebate';
import { envelope } from '@pcb/client/test';
import { baseApi, logIn } from '../../../test/base-api';
import { renderApp } from '../../../test/render-app';

beforeEach(() => logIn());

const coupon = (id: number, over: Partial<MemberCoupon> = {}): MemberCoupon => ({
  id,
  name: `PCB满500减50`,
  serviceType: 'pcb',
  amount: 5_000,
  minOrderAmount: 50_000,
  validFrom: '2026-11-01T00:00:00.000Z',
  validTo: '2026-12-31T15:59:59.000Z',
  state: 'unused',
  isExpiringSoon: false,
  source: 'campaign',
  orderNo: null,
  usedAt: null,
  quote: null,
  ...over,
});

const offer = {
  templateId: 1,
  name: 'PCB满500减50',
  serviceType: 'pcb' as const,
  amount: 5_000,
  minOrderAmount: 50_000,
  validity: '领取后30天内有效',
  quantity: 1,
};

const campaign = (id: number, over: Partial<Campaign> = {}): Campaign => ({
  id,
  name: `双11活动${id}`,
  coupon: offer,
  stock: 200,
  stockLeft: 150,
  perMemberLimit: 2,
  remaining: 2,
  startsAt: '2026-11-01T00:00:00.000Z',
  endsAt: '2026-12-31T15:59:59.000Z',
  ...over,
});

function couponServer(byState: Record<CouponState, MemberCoupon[]>, campaigns: Campaign[] = []) {
  return baseApi({
    'GET /api/MemberRebate/GetList': (r) => {
      const items = byState[(r.url.searchParams.get('state') ?? 'unused') as CouponState];
      return { body: envelope({ items, total: items.length, page: 1, pageSize: 20 }) };
    },
    'GET /api/MemberRebate/GetNum': () => ({
      body: envelope({
        unused: byState.unused.length,
        used: byState.used.length,
        expired: byState.expired.length,
        expiringSoon: byState.unused.filter((c) => c.isExpiringSoon).length,
      }),
    }),
    'GET /api/MemberRebate/GetRegisterRebates': () => ({
      body: envelope({ items: [], isReceived: true, receivedAt: null }),
    }),
    'GET /api/MemberRebate/GetCampaigns': () => ({ body: envelope(campaigns) }),
    'POST /api/MemberRebate/ClaimCampaign': () => ({
      body: envelope({ coupon: coupon(99), remaining: 1 }),
    }),
  });
}

describe('/couponsInfo', () => {
  it('unused first with counts; the one ending within 7 days marked 即将过期', async () => {
    couponServer({
      unused: [
        coupon(1, { isExpiringSoon: true, name: '钢网立减20' }),
        coupon(2),
        coupon(3, { serviceType: 'layout', name: 'PCB设计券', minOrderAmount: 0 }),
      ],
      used: [],
      expired: [],
    });
    renderApp('/couponsInfo');
    const first = await screen.findByTestId('coupon-1');
    expect(within(first).getByTestId('coupon-expiring')).toHaveTextContent('即将过期');
    expect(within(screen.getByTestId('coupon-2')).queryByTestId('coupon-expiring')).toBeNull();
    expect(screen.getByTestId('coupon-tab-unused')).toHaveTextContent('未使用(3)');
    expect(await screen.findByText('1张即将过期 ›')).toBeInTheDocument();
    expect(within(screen.getByTestId('coupon-3')).getByText('报价时联系业务员抵扣')).toBeVisible();
  });

  it('used: the order paid, or the offline quote a layout coupon was redeemed against', async () => {
    couponServer({
      unused: [],
      used: [
        coupon(4, { state: 'used', orderNo: 'P2026112400001', usedAt: '2026-11-24T03:00:00.000Z' }),
        coupon(5, {
          state: 'used',
          serviceType: 'layout',
          name: 'PCB设计券',
          usedAt: '2026-11-25T03:00:00.000Z',
          quote: { ref: 'BJ-2026-0012', amount: 80_000, deduction: 5_000 },
        }),
      ],
      expired: [coupon(6, { state: 'expired' })],
    });
    renderApp('/couponsInfo?state=used');
    expect(await screen.findByTestId('coupon-4')).toHaveTextContent('已用于订单 P2026112400001');
    const redeemed = screen.getByTestId('coupon-5');
    expect(redeemed).toHaveTextContent('已抵扣线下报价 BJ-2026-0012');
    expect(within(redeemed).getByTestId('coupon-quote')).toHaveTextContent(
      '报价¥800.00，抵扣¥50.00',
    );
    expect(within(redeemed).getByText('已使用')).toBeInTheDocument();
    act(() => fireEvent.click(screen.getByTestId('coupon-tab-expired')));
    expect(await screen.findByTestId('coupon-6')).toHaveTextContent('已过期');
  });

  it('empty: says so and leads to the claim centre', async () => {
    couponServer({ unused: [], used: [], expired: [] });
    renderApp('/couponsInfo');
    expect(await screen.findByText('暂无未使用的优惠券')).toBeInTheDocument();
    expect(screen.getByText('去领券中心看看')).toBeInTheDocument();
  });
});

describe('/couponsInfo/couponsRedemption', () => {
  it('claim buttons: 领取 while the member may, 已领取 at the limit, 已领完 when sold out', async () => {
    couponServer({ unused: [], used: [], expired: [] }, [
      campaign(1),
      campaign(2, { remaining: 0 }),
      campaign(3, { stockLeft: 0 }),
    ]);
    renderApp('/couponsInfo/couponsRedemption');
    const open = await screen.findByTestId('claim-1');
    expect(open).toHaveTextContent('领取');
    expect(open).toBeEnabled();
    expect(screen.getByTestId('campaign-1')).toHaveTextContent('还可领2张');
    expect(screen.getByTestId('claim-2')).toHaveTextContent('已领取');
    expect(screen.getByTestId('claim-2')).toBeDisabled();
    expect(screen.getByTestId('claim-3')).toHaveTextContent('已领完');
    expect(screen.getByTestId('claim-3')).toBeDisabled();
  });
});
