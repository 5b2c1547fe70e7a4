import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FinanceRefund } from '@pcb/contract/staff-finance';
import { mockApi, ok } from '@pcb/client/test';
import { sessionFixture } from '../../../test/fixtures';
import { renderConsole } from '../../../test/render-app';

const refunds: FinanceRefund[] = [
  {
    id: 3,
    outRefundNo: 'RF20261126020000aa',
    kind: 'orderCancel',
    orderId: 41,
    orderNo: 'P20261126000012',
    member: { id: 7, displayName: '张*' },
    channel: 'wechat',
    amount: 4429,
    reason: '订单取消退款',
    state: 'failed',
    requestedBy: '李业务',
    outTradeNo: 'P20261126T0000000012',
    providerRefundNo: 'RFD1a2b3c',
    createdAt: '2026-11-26T02:00:00Z',
    submittedAt: '2026-11-26T02:00:05Z',
    settledAt: '2026-11-26T02:10:00Z',
  },
  {
    id: 2,
    outRefundNo: 'RF20261126010000bb',
    kind: 'duplicate',
    orderId: 40,
    orderNo: 'S20261125000003',
    member: { id: 7, displayName: '张*' },
    channel: 'alipay',
    amount: 1999,
    reason: '订单已付款，重复支付原路退回',
    state: 'pending',
    requestedBy: '系统',
    outTradeNo: 'S20261125T0000000003',
    providerRefundNo: null,
    createdAt: '2026-11-26T01:00:00Z',
    submittedAt: null,
    settledAt: null,
  },
];

describe('退款记录', () => {
  it('shows how each refund stands and who caused it, and filters by state and channel', async () => {
    const api = mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['finance'])),
      'GET /api/StaffFinance/ListRefunds': () =>
        ok({ items: refunds, total: 2, page: 1, pageSize: 20 }),
    });
    renderConsole('/finance/refunds?state=pending');
    const failed = (await screen.findByText('RF20261126020000aa')).closest('tr') as HTMLElement;
    expect(within(failed).getByText('失败，已转余额')).toBeInTheDocument();
    expect(within(failed).getByText('李业务')).toBeInTheDocument();
    expect(within(failed).getByText('微信支付')).toBeInTheDocument();
    expect(within(failed).getByText('订单取消')).toBeInTheDocument();
    expect(within(failed).getByText('RFD1a2b3c')).toBeInTheDocument();

    const pending = screen.getByText('RF20261126010000bb').closest('tr') as HTMLElement;
    expect(within(pending).getByText('重复支付')).toBeInTheDocument();
    expect(within(pending).getByText('系统')).toBeInTheDocument();
    expect(within(pending).getByText('待支付机构确认')).toBeInTheDocument();
    expect(within(pending).getByText('尚未提交支付机构')).toBeInTheDocument();
    expect(within(pending).getByText('¥19.99')).toBeInTheDocument();

    const last = () => api.calls('GET /api/StaffFinance/ListRefunds').at(-1)!.url.searchParams;
    expect(last().get('state')).toBe('pending');
    fireEvent.mouseDown(screen.getByLabelText('退款渠道'));
    fireEvent.click(await screen.findByTitle('支付宝'));
    await waitFor(() => expect(last().get('channel')).toBe('alipay'));
    expect(last().get('state')).toBe('pending');
  });
});
