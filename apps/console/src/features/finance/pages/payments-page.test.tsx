import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FinancePayment } from '@pcb/contract/staff-finance';
import { mockApi, ok } from '@pcb/client/test';
import { page, sessionFixture } from '../../../test/fixtures';
import { currentPath, renderConsole } from '../../../test/render-app';

const member = { id: 7, displayName: '张*' };
const base = {
  purpose: 'order' as const,
  member,
  balanceAmount: 0,
  outTradeNo: null,
  providerTradeNo: null,
  scene: null,
  closeReason: null,
  paidAt: null,
  expiresAt: null,
};

const payments: FinancePayment[] = [
  {
    ...base,
    key: 'online:12',
    orderId: 41,
    orderNo: 'P20261126000012',
    method: 'alipay',
    amount: 4429,
    balanceAmount: 1000,
    state: 'pending',
    outTradeNo: 'P20261126T0000000012',
    scene: 'h5',
    createdAt: '2026-11-26T02:00:00Z',
    expiresAt: '2026-11-26T02:30:00Z',
  },
  {
    ...base,
    key: 'online:11',
    orderId: 41,
    orderNo: 'P20261126000012',
    method: 'wechat',
    amount: 4429,
    state: 'closed',
    outTradeNo: 'P20261126T0000000011',
    scene: 'h5',
    closeReason: '会员重新发起了支付',
    createdAt: '2026-11-26T01:50:00Z',
  },
  {
    ...base,
    key: 'online:10',
    purpose: 'recharge',
    orderId: null,
    orderNo: null,
    method: 'wechat',
    amount: 50_000,
    state: 'paid',
    outTradeNo: 'R20261126T0000000010',
    providerTradeNo: '4200000001202611260000000010',
    scene: 'h5',
    createdAt: '2026-11-26T01:00:00Z',
    paidAt: '2026-11-26T01:01:00Z',
  },
  {
    ...base,
    key: 'order:40',
    orderId: 40,
    orderNo: 'S20261125000003',
    method: 'gift',
    amount: 1999,
    state: 'refunded',
    createdAt: '2026-11-25T08:00:00Z',
    paidAt: '2026-11-25T08:00:00Z',
  },
];

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('支付记录', () => {
  it('lists every way of paying with its state, numbers and links', async () => {
    mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['finance'])),
      'GET /api/StaffFinance/ListPayments': () =>
        ok({ items: payments, total: 4, page: 1, pageSize: 20 }),
    });
    renderConsole('/finance/payments');
    await screen.findByText('P20261126T0000000012');

    const mixed = rowOf('P20261126T0000000012');
    expect(within(mixed).getByText('余额 ¥10.00 + 支付宝 ¥34.29')).toBeInTheDocument();
    expect(within(mixed).getByText('¥44.29')).toBeInTheDocument();
    expect(within(mixed).getByText('待支付机构确认')).toBeInTheDocument();
    expect(within(mixed).getByText('未付款')).toBeInTheDocument();

    const closed = rowOf('P20261126T0000000011');
    expect(within(closed).getByText('已关闭')).toBeInTheDocument();
    expect(within(closed).getByText('会员重新发起了支付')).toBeInTheDocument();

    const topUp = rowOf('R20261126T0000000010');
    expect(within(topUp).getByText('余额充值')).toBeInTheDocument();
    expect(within(topUp).getByText('4200000001202611260000000010')).toBeInTheDocument();
    expect(within(topUp).getByText('¥500.00')).toBeInTheDocument();

    const gift = rowOf('S20261125000003');
    expect(within(gift).getByText('赠送金额')).toBeInTheDocument();
    expect(within(gift).getByText('已退款')).toBeInTheDocument();

    // The order opens in the desk's drawer; the member opens their ledger.
    expect(within(gift).getByRole('link', { name: 'S20261125000003' })).toHaveAttribute(
      'href',
      '/orders?order=40',
    );
    fireEvent.click(within(gift).getByRole('link', { name: '张*（#7）' }));
    await waitFor(() => expect(currentPath()).toBe('/finance/member-ledger?member=7'));
  });

  it('filters from the address (the home’s link) and from the controls, page 1 again', async () => {
    const api = mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['admin'])),
      'GET /api/StaffOutbox/List': () => ok(page([])),
      'GET /api/StaffFinance/ListPayments': () =>
        ok({ items: payments, total: 45, page: 1, pageSize: 20 }),
    });
    renderConsole('/finance/payments?state=pending&memberId=7&method=cash');
    await screen.findByText('共 45 条');
    const last = () => api.calls('GET /api/StaffFinance/ListPayments').at(-1)!.url.searchParams;
    expect(last().get('state')).toBe('pending');
    expect(last().get('memberId')).toBe('7');
    // What is no filter is dropped, not sent.
    expect(last().has('method')).toBe(false);

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(last().get('page')).toBe('2'));

    fireEvent.mouseDown(screen.getByLabelText('支付方式'));
    fireEvent.click(await screen.findByTitle('微信支付'));
    await waitFor(() => expect(last().get('method')).toBe('wechat'));
    expect(last().get('page')).toBe('1');
    expect(currentPath()).toBe('/finance/payments?state=pending&memberId=7&method=wechat');

    fireEvent.change(screen.getByLabelText('订单号'), { target: { value: ' P20261126000012 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() => expect(last().get('orderNo')).toBe('P20261126000012'));

    fireEvent.click(screen.getByRole('button', { name: '重置' }));
    await waitFor(() => expect(currentPath()).toBe('/finance/payments'));
    await waitFor(() => expect([...last().keys()].sort()).toEqual(['page', 'pageSize']));
  });
});
