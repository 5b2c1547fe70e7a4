import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WorkQueue } from '@pcb/contract/staff-order';
import { mockApi, ok } from '@pcb/client/test';
import { page, sessionFixture } from '../../../test/fixtures';
import { currentPath, renderConsole } from '../../../test/render-app';

const productionQueues: WorkQueue = {
  queues: [
    { key: 'toShipToday', label: '今天应发货', count: 4 },
    { key: 'shipped', label: '已发货待完成', count: 0 },
  ],
};

describe('工作台', () => {
  it('shows the role’s work queues with their counts, each opening the desk filtered on it', async () => {
    const api = mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['production'])),
      'GET /api/StaffOrder/GetWorkQueue': () => ok(productionQueues),
      'GET /api/StaffOrder/List': () => ok(page([])),
      'GET /api/StaffOrder/GetStatusCounts': () =>
        ok({
          pendingReview: 0,
          awaitingConfirmation: 0,
          awaitingPayment: 0,
          inProduction: 4,
          shipped: 0,
        }),
    });
    renderConsole('/');
    const todo = await screen.findByRole('region', { name: '待办' });
    const ship = await within(todo).findByRole('link', { name: /^今天应发货\s*4\s*单/ });
    expect(within(todo).getByRole('link', { name: /^已发货待完成\s*0\s*单/ })).toBeInTheDocument();
    expect(within(todo).queryByText('待审核')).toBeNull();
    fireEvent.click(ship);
    await waitFor(() => expect(currentPath()).toBe('/orders?queue=toShipToday'));
    await waitFor(() =>
      expect(api.calls('GET /api/StaffOrder/List').at(-1)?.url.searchParams.get('queue')).toBe(
        'toShipToday',
      ),
    );
  });

  it('shows finance what waits on a provider, each opening its list filtered on it', async () => {
    const api = mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['finance'])),
      'GET /api/StaffOrder/GetWorkQueue': () =>
        ok({
          queues: [{ key: 'awaitingPayment', label: '待付款', count: 2 }],
          finance: [
            { key: 'refundsPending', label: '原路退款待确认', count: 3 },
            { key: 'paymentsPending', label: '在线支付待确认', count: 0 },
          ],
        }),
      'GET /api/StaffFinance/ListRefunds': () => ok(page([])),
    });
    renderConsole('/');
    const todo = await screen.findByRole('region', { name: '待办' });
    expect(await within(todo).findByRole('link', { name: /^待付款\s*2\s*单/ })).toBeInTheDocument();
    expect(within(todo).getByRole('link', { name: /^在线支付待确认\s*0\s*笔/ })).toHaveAttribute(
      'href',
      '/finance/payments?state=pending',
    );
    fireEvent.click(within(todo).getByRole('link', { name: /^原路退款待确认\s*3\s*笔/ }));
    await waitFor(() => expect(currentPath()).toBe('/finance/refunds?state=pending'));
    await waitFor(() =>
      expect(
        api.calls('GET /api/StaffFinance/ListRefunds').at(-1)?.url.searchParams.get('state'),
      ).toBe('pending'),
    );
  });

  it('asks nothing of the order desk for a role that does not work orders', async () => {
    const api = mockApi({ 'GET /api/StaffAuth/Me': () => ok(sessionFixture(['content'])) });
    renderConsole('/');
    await screen.findByText('你好，王管理');
    expect(screen.queryByRole('region', { name: '待办' })).toBeNull();
    expect(api.calls('GET /api/StaffOrder/GetWorkQueue')).toHaveLength(0);
  });

  it('flags members with an overdue 月结 bill for sales to follow up', async () => {
    mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['sales'])),
      'GET /api/StaffOrder/GetWorkQueue': () => ok({ queues: [] }),
      'GET /api/StaffCreditPayment/GetOverdue': () =>
        ok([
          {
            billId: 7,
            member: { id: 12, displayName: '138****8000（#12）' },
            period: '2026-10',
            dueDate: '2026-11-11',
            outstanding: 123_450,
            manager: '陈晓静',
          },
        ]),
    });
    renderConsole('/');
    const flag = await screen.findByRole('region', { name: '月结逾期' });
    expect(within(flag).getByText('1 张月结账单已逾期，请跟进客户还款')).toBeInTheDocument();
    expect(
      within(flag).getByText(/138\*\*\*\*8000（#12） · 2026-10 账单 · 待还 ¥1,234\.50/),
    ).toBeInTheDocument();
  });
});
