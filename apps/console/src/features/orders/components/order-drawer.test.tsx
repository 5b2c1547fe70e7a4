import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import {
  allowedOrderActions,
  orderActions,
  type OrderFacts,
  type OrderStatus,
  type StaffRole,
} from '@pcb/contract';
import type { StaffOrderDetail } from '@pcb/contract/staff-order';
import { mockApi, ok } from '@pcb/client/test';
import { queryClient } from '../../../lib/api';
import { orderDetailFixture as base, sessionFixture } from '../../../test/fixtures';
import { renderConsole } from '../../../test/render-app';

const done = (n: number) =>
  base.productionSteps.map((s, i) => ({
    ...s,
    doneAt: i < n ? '2026-11-28T0' + (i % 10) + ':00:00Z' : null,
  }));

const parcel = {
  id: 91,
  courier: 'sf',
  courierName: '顺丰',
  trackingNo: 'SF1234567890',
  shippedAt: '2026-11-30T08:00:00Z',
  events: [{ at: '2026-11-30T12:00:00Z', place: '深圳转运中心', text: '快件已发往南宁' }],
};

/** Every state an order's buttons depend on: the status and what waits besides it. */
const variants: { name: string; facts: Omit<OrderFacts, 'kind'> }[] = [
  { name: '待审核', facts: facts('pendingReview') },
  { name: '待确认（工程问题）', facts: facts('awaitingConfirmation', { openEqs: 1 }) },
  {
    name: '待确认（价格变更）',
    facts: facts('awaitingConfirmation', { pendingPriceChange: true }),
  },
  { name: '待付款', facts: facts('awaitingPayment') },
  { name: '生产中（未包装）', facts: facts('inProduction') },
  { name: '生产中（已包装）', facts: facts('inProduction', { packed: true }) },
  { name: '已发货', facts: facts('shipped', { packed: true }) },
  { name: '已完成', facts: facts('completed', { packed: true }) },
  { name: '已取消', facts: facts('cancelled') },
];

function facts(
  status: OrderStatus,
  extra: Partial<Omit<OrderFacts, 'kind' | 'status'>> = {},
): Omit<OrderFacts, 'kind'> {
  return {
    status,
    packed: false,
    started: ['inProduction', 'shipped', 'completed'].includes(status),
    pendingPriceChange: false,
    openEqs: 0,
    answeredEqs: 0,
    ...extra,
  };
}

/** The order as the server answers a caller with `roles`: its actions from the table. */
function detailFor(index: number, roles: StaffRole[]): StaffOrderDetail {
  const { facts: f } = variants[index]!;
  const shipped = ['shipped', 'completed'].includes(f.status);
  return {
    ...base,
    orderNo: `P2026112600${String(index).padStart(4, '0')}`,
    status: f.status,
    productionSteps: done(f.packed ? 12 : f.status === 'inProduction' ? 3 : 0),
    parcels: shipped ? [parcel] : [],
    actions: allowedOrderActions({ kind: 'pcb', ...f }, roles),
  };
}

const ROLES: StaffRole[] = ['admin', 'sales', 'engineer', 'production', 'finance'];

describe('the drawer’s buttons are the lifecycle table’s, for each status and role', () => {
  it.each(ROLES)('%s', async (role) => {
    let index = 0;
    mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture([role])),
      'GET /api/StaffOrder/List': () => ok({ items: [], total: 0, page: 1, pageSize: 20 }),
      'GET /api/StaffOrder/GetStatusCounts': () =>
        ok({
          pendingReview: 0,
          awaitingConfirmation: 0,
          awaitingPayment: 0,
          inProduction: 0,
          shipped: 0,
        }),
      'GET /api/StaffOrder/GetWorkQueue': () => ok({ queues: [] }),
      'GET /api/StaffOrder/Get': () => ok(detailFor(index, [role])),
    });
    renderConsole('/orders?order=41');
    for (const [i, variant] of variants.entries()) {
      index = i;
      const expected = detailFor(i, [role]);
      if (i > 0) await queryClient.invalidateQueries({ queryKey: ['StaffOrder', 'Get'] });
      const drawer = await screen.findByRole('dialog');
      await within(drawer).findByText(`订单 ${expected.orderNo}`);
      const toolbar = within(drawer).getByRole('toolbar', { name: '订单操作' });
      const shown = within(toolbar)
        .queryAllByRole('button')
        .map((b) => b.textContent);
      const labels = expected.actions
        .filter((a) => a !== 'addParcelEvent')
        .map((a) => orderActions[a as keyof typeof orderActions].label);
      expect(shown, `${role} · ${variant.name}`).toEqual(labels);
      // A tracking event is added per parcel.
      const perParcel = within(drawer).queryAllByRole('button', { name: '添加物流记录' });
      expect(perParcel.length, `${role} · ${variant.name}`).toBe(
        expected.actions.includes('addParcelEvent') ? 1 : 0,
      );
    }
    // Revealing the receiver is production's and admin's (StaffOrder/RevealReceiver's roles).
    const drawer = screen.getByRole('dialog');
    expect(Boolean(within(drawer).queryByRole('button', { name: '查看完整地址' }))).toBe(
      role === 'admin' || role === 'production',
    );
  });

  it('the table gives each role its work: a spot check of what the loop above compares', () => {
    const at = (i: number, role: StaffRole) => detailFor(i, [role]).actions;
    expect(at(0, 'engineer')).toEqual(['pass', 'changePrice', 'raiseEq']);
    expect(at(0, 'sales')).toEqual(['staffCancel']);
    expect(at(2, 'engineer')).toEqual(['raiseEq']);
    expect(at(3, 'finance')).toEqual(['recordPayment']);
    expect(at(4, 'production')).toEqual(['recordStep']);
    expect(at(5, 'production')).toEqual(['ship']);
    expect(at(6, 'production')).toEqual(['addParcelEvent', 'complete']);
    expect(at(8, 'admin')).toEqual([]);
  });
});

describe('the drawer shows the order’s life', () => {
  const lived: StaffOrderDetail = {
    ...base,
    status: 'shipped',
    total: 5929,
    priceChange: {
      id: 5,
      status: 'accepted',
      oldLines: base.lines,
      oldTotal: 4429,
      newLines: [...base.lines, { code: 'adjust', name: '工程调整', amount: 1500, reason: '阻抗' }],
      newTotal: 5929,
      reason: '阻抗控制需另加工序',
      createdAt: '2026-11-26T03:00:00Z',
      decidedAt: '2026-11-26T04:00:00Z',
    },
    eqs: [
      {
        id: 3,
        orderId: 41,
        orderNo: base.orderNo,
        kind: 'pcb',
        question: '阻焊开窗与焊盘间距不足，是否允许调整？',
        images: [{ key: 'eqQuestion/staff-1/a.png', url: '/sandbox/oss/a.png?sig=1' }],
        options: ['按工厂建议调整', '保持原设计'],
        status: 'resolved',
        createdAt: '2026-11-26T02:30:00Z',
        answer: {
          choice: '按工厂建议调整',
          text: '请尽快安排',
          images: [],
          answeredAt: '2026-11-26T02:50:00Z',
        },
      },
    ],
    payment: {
      amount: 5929,
      bankReference: 'TR20261127001',
      payerName: '深圳华创电子有限公司',
      receivedAt: '2026-11-27T01:00:00Z',
      recordedBy: '周会计',
      createdAt: '2026-11-27T01:05:00Z',
    },
    paidWith: {
      method: 'offline',
      total: 6929,
      balance: 0,
      gift: 0,
      online: 0,
      offline: 5929,
      credit: 0,
      coupon: 1000,
      channel: null,
      couponName: 'PCB满50减10',
      couponReturned: false,
      paidAt: '2026-11-27T01:05:00Z',
      refundedAt: null,
    },
    productionSteps: done(12),
    parcels: [parcel, { ...parcel, id: 92, trackingNo: 'SF1234567891', events: [] }],
    timeline: [
      ...base.timeline,
      {
        action: 'ship',
        fromStatus: 'inProduction',
        toStatus: 'shipped',
        note: '发货：顺丰 SF1234567890',
        actor: '孙师傅',
        at: '2026-11-30T08:00:00Z',
      },
    ],
    actions: ['addParcelEvent', 'complete'],
  };

  it('price change old → new, questions with answers, payment, steps, parcels and log', async () => {
    mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['production'])),
      'GET /api/StaffOrder/List': () => ok({ items: [], total: 0, page: 1, pageSize: 20 }),
      'GET /api/StaffOrder/GetStatusCounts': () =>
        ok({
          pendingReview: 0,
          awaitingConfirmation: 0,
          awaitingPayment: 0,
          inProduction: 0,
          shipped: 0,
        }),
      'GET /api/StaffOrder/GetWorkQueue': () => ok({ queues: [] }),
      'GET /api/StaffOrder/Get': () => ok(lived),
    });
    renderConsole('/orders?order=41');
    const drawer = await screen.findByRole('dialog');
    const price = await within(drawer).findByRole('region', { name: '价格变更' });
    expect(price).toHaveTextContent('¥44.29 → ¥59.29 （+¥15.00，+33.9%）');
    expect(price).toHaveTextContent('会员已接受');
    expect(within(price).getByText('工程调整').closest('tr')).toHaveTextContent('—¥15.00');

    const eq = within(drawer).getByRole('region', { name: '工程问题' });
    expect(eq).toHaveTextContent('阻焊开窗与焊盘间距不足');
    expect(eq).toHaveTextContent('已处理');
    expect(within(eq).getByRole('group', { name: '会员回复' })).toHaveTextContent(
      '选择：按工厂建议调整',
    );
    expect(within(eq).getByRole('img', { name: '问题图片 1' })).toHaveAttribute(
      'src',
      '/sandbox/oss/a.png?sig=1',
    );

    const payment = within(drawer).getByRole('region', { name: '线下付款' });
    expect(payment).toHaveTextContent('TR20261127001');
    expect(payment).toHaveTextContent('周会计');
    // Finance sees the coupon used and its deduction (decision 0064).
    const paid = within(drawer).getByRole('region', { name: '付款' });
    expect(paid).toHaveTextContent('对公转账¥59.29');
    expect(within(paid).getByTestId('order-coupon')).toHaveTextContent('−¥10.00（PCB满50减10）');

    const steps = within(drawer).getByRole('list', { name: '工序' });
    expect(within(steps).getAllByRole('listitem')).toHaveLength(12);
    expect(within(drawer).getByRole('region', { name: '生产进度' })).toHaveTextContent(
      '已完成 12/12 道工序',
    );

    const parcels = within(drawer).getByRole('region', { name: '包裹' });
    const first = within(parcels).getByRole('group', { name: '包裹 顺丰 SF1234567890' });
    expect(first).toHaveTextContent('深圳转运中心 · 快件已发往南宁');
    expect(
      within(parcels).getByRole('group', { name: '包裹 顺丰 SF1234567891' }),
    ).toHaveTextContent('暂无物流记录');
    expect(within(drawer).getByRole('region', { name: '处理记录' })).toHaveTextContent(
      '发货 生产中 → 已发货 · 孙师傅',
    );
  });
});

describe('the drawer shows the order as it is now', () => {
  it('asks again when the window comes back into focus: another staff member passed it meanwhile', async () => {
    let status: OrderStatus = 'pendingReview';
    const { requests } = mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['engineer'])),
      'GET /api/StaffOrder/List': () => ok({ items: [], total: 0, page: 1, pageSize: 20 }),
      'GET /api/StaffOrder/GetStatusCounts': () =>
        ok({
          pendingReview: 0,
          awaitingConfirmation: 0,
          awaitingPayment: 0,
          inProduction: 0,
          shipped: 0,
        }),
      'GET /api/StaffOrder/GetWorkQueue': () => ok({ queues: [] }),
      'GET /api/StaffOrder/Get': () =>
        ok({
          ...base,
          status,
          actions: allowedOrderActions({ kind: 'pcb', ...facts(status) }, ['engineer']),
        }),
    });
    const gets = () => requests.filter((r) => r.url.pathname === '/api/StaffOrder/Get').length;
    renderConsole('/orders?order=41');
    const drawer = await screen.findByRole('dialog');
    const toolbar = await within(drawer).findByRole('toolbar', { name: '订单操作' });
    expect(within(toolbar).getByRole('button', { name: '审核通过' })).toBeInTheDocument();
    const asked = gets();

    // Another engineer passes the order while this window is in the background.
    status = 'awaitingPayment';
    try {
      act(() => focusManager.setFocused(false));
      act(() => focusManager.setFocused(true));
      await waitFor(() => expect(gets()).toBe(asked + 1));
      await waitFor(() =>
        expect(within(toolbar).queryByRole('button', { name: '审核通过' })).toBeNull(),
      );
    } finally {
      focusManager.setFocused(undefined);
    }
  });
});
