import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CreditAccount } from '@pcb/contract/member-credit-payment';
import type { StaffMemberCoupon } from '@pcb/contract/staff-coupon';
import { mockApi, ok } from '@pcb/client/test';
import type { StaffRole } from '@pcb/contract';
import { memberDetailFixture, page, sessionFixture } from '../../../test/fixtures';
import { renderConsole } from '../../../test/render-app';

const account: CreditAccount = {
  state: 'approved',
  rejectReason: null,
  limit: 5_000_000,
  used: 1_250_000,
  available: 3_750_000,
  unbilled: 250_000,
  billingDay: 1,
  currentBill: null,
  overdue: false,
  overLimit: 0,
  suspendedAt: null,
  suspendReason: null,
};

const coupon = (id: number, over: Partial<StaffMemberCoupon> = {}): StaffMemberCoupon => ({
  id,
  name: 'PCB设计立减50',
  serviceType: 'layout',
  amount: 5_000,
  minOrderAmount: 20_000,
  validFrom: '2026-11-01T00:00:00.000Z',
  validTo: '2026-12-31T15:59:59.000Z',
  state: 'unused',
  isExpiringSoon: false,
  source: 'grant',
  orderNo: null,
  usedAt: null,
  quote: null,
  redeemedBy: null,
  ...over,
});

function drawerServer(roles: StaffRole[], credit: CreditAccount = account) {
  let current = credit;
  return mockApi({
    'GET /api/StaffAuth/Me': () => ok(sessionFixture(roles)),
    'GET /api/StaffMember/Search': () => ok(page([])),
    'GET /api/StaffMember/Get': () => ok(memberDetailFixture),
    'GET /api/StaffMember/ListManagers': () => ok([]),
    'GET /api/StaffCreditPayment/MemberCredit': () => ok({ account: current, mobiles: [] }),
    'POST /api/StaffCreditPayment/ChangeLine': (r) => {
      const { limit, billingDay } = r.body as { limit: number; billingDay: number };
      const overLimit = Math.max(0, current.used - limit);
      current = {
        ...current,
        limit,
        billingDay,
        overLimit,
        available: Math.max(0, limit - current.used),
      };
      return ok(current);
    },
    'POST /api/StaffCreditPayment/Suspend': (r) => {
      current = {
        ...current,
        suspendedAt: '2026-11-27T02:00:00.000Z',
        suspendReason: (r.body as { reason: string }).reason,
      };
      return ok(current);
    },
    'GET /api/StaffCoupon/MemberCoupons': (r) =>
      ok(
        page(
          r.url.searchParams.get('state') === 'used'
            ? [
                coupon(3, {
                  state: 'used',
                  usedAt: '2026-11-25T03:00:00.000Z',
                  quote: { ref: 'BJ-2026-0012', amount: 80_000, deduction: 5_000 },
                  redeemedBy: '王业务',
                }),
              ]
            : [coupon(1), coupon(2, { serviceType: 'pcb', name: 'PCB满500减50' })],
        ),
      ),
    'POST /api/StaffCoupon/Redeem': () =>
      ok(coupon(1, { state: 'used', quote: { ref: 'BJ-1', amount: 80_000, deduction: 5_000 } })),
  });
}

const openDrawer = async () => {
  renderConsole('/members?member=7');
  return screen.findByRole('dialog');
};

describe('the member drawer’s 月结', () => {
  it('finance lowers the limit below the use: the form warns first, then says payments wait', async () => {
    const api = drawerServer(['finance']);
    const drawer = await openDrawer();
    const credit = await within(drawer).findByTestId('member-credit');
    fireEvent.click(within(credit).getByRole('button', { name: '调整额度' }));
    const modal = (await screen.findByText('调整月结额度')).closest('.ant-modal') as HTMLElement;
    const limit = within(modal).getByLabelText('月结额度（元）');
    fireEvent.change(limit, { target: { value: '10000' } });
    expect(await within(modal).findByTestId('credit-line-below')).toHaveTextContent(
      '新额度低于已用额度 ¥12,500.00',
    );
    fireEvent.change(within(modal).getByLabelText('调整原因'), {
      target: { value: '季度复核' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(api.calls('POST /api/StaffCreditPayment/ChangeLine')).toHaveLength(1),
    );
    expect(api.calls('POST /api/StaffCreditPayment/ChangeLine')[0]?.body).toEqual({
      memberId: 7,
      limit: 1_000_000,
      billingDay: 1,
      reason: '季度复核',
    });
    expect(await screen.findByText(/已用额度超出新额度 ¥2,500.00/)).toBeInTheDocument();
    expect(await within(credit).findByTestId('member-credit-blocked')).toHaveTextContent(
      '已用额度超出额度 ¥2,500.00',
    );
  });

  it('finance suspends with a reason; sales see the line without the actions', async () => {
    const api = drawerServer(['finance']);
    const drawer = await openDrawer();
    const credit = await within(drawer).findByTestId('member-credit');
    fireEvent.click(within(credit).getByRole('button', { name: '暂停月结' }));
    const modal = (await screen.findByText('暂停月结付款')).closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(modal).getByLabelText('暂停原因'), {
      target: { value: '对账中，暂停三天' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: '暂停' }));
    await waitFor(() =>
      expect(api.calls('POST /api/StaffCreditPayment/Suspend')[0]?.body).toEqual({
        memberId: 7,
        reason: '对账中，暂停三天',
      }),
    );
    expect(await within(credit).findByText('已暂停')).toBeInTheDocument();
    expect(within(credit).getByRole('button', { name: '恢复月结' })).toBeInTheDocument();
  });

  it('sales read the line but may not change it', async () => {
    drawerServer(['sales']);
    const drawer = await openDrawer();
    const credit = await within(drawer).findByTestId('member-credit');
    expect(within(credit).getByText('¥50,000.00 / ¥12,500.00')).toBeInTheDocument();
    expect(within(credit).queryByRole('button', { name: '调整额度' })).toBeNull();
  });
});

describe('the member drawer’s coupons', () => {
  it('sales redeem a layout coupon against an offline quote; other services are used when paying', async () => {
    const api = drawerServer(['sales']);
    const drawer = await openDrawer();
    const coupons = await within(drawer).findByTestId('member-coupons');
    const layoutRow = (await within(coupons).findByText('PCB设计立减50')).closest('tr')!;
    const pcbRow = within(coupons).getByText('PCB满500减50').closest('tr')!;
    expect(within(pcbRow).getByText('下单付款时使用')).toBeInTheDocument();
    fireEvent.click(within(layoutRow).getByRole('button', { name: '核销' }));
    const modal = (await screen.findByText('核销PCB设计优惠券')).closest(
      '.ant-modal',
    ) as HTMLElement;
    fireEvent.change(within(modal).getByLabelText('报价单号'), { target: { value: 'BJ-1' } });
    fireEvent.change(within(modal).getByLabelText('报价金额（元）'), { target: { value: '800' } });
    fireEvent.click(within(modal).getByRole('button', { name: '核销' }));
    await waitFor(() =>
      expect(api.calls('POST /api/StaffCoupon/Redeem')[0]?.body).toEqual({
        memberId: 7,
        couponId: 1,
        quoteRef: 'BJ-1',
        quoteAmount: 80_000,
      }),
    );
    expect(await screen.findByText('已核销，抵扣 ¥50.00')).toBeInTheDocument();
  });

  it('used coupons show the quote they were redeemed against', async () => {
    drawerServer(['finance']);
    const drawer = await openDrawer();
    const coupons = await within(drawer).findByTestId('member-coupons');
    fireEvent.click(within(coupons).getByText('已使用'));
    expect(
      await within(coupons).findByText('线下报价 BJ-2026-0012（¥800.00）抵扣 ¥50.00，王业务核销'),
    ).toBeInTheDocument();
  });
});
