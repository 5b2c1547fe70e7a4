import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { PublicOrderState } from '@pcb/contract';
import { ORDER_STATE_NOT_FOUND_MESSAGE } from '@pcb/contract/order-state';
import { envelope } from '@pcb/client/test';
import { baseApi, typeInto } from '../../../test/base-api';
import { stepsOf } from '../../../test/order-fixtures';
import { renderApp } from '../../../test/render-app';
import { fieldError } from '../../../test/ui-text';

afterEach(() => vi.unstubAllGlobals());

const state: PublicOrderState = {
  orderNo: 'P2026112400001',
  kind: 'pcb',
  status: 'inProduction',
  paramString: '2层 | 100×100mm | 10片',
  createdAt: '2026-11-24T02:00:00.000Z',
  receiver: { receiverName: '王*', mobile: '138****8000', regionText: '广东省深圳市' },
  timeline: [
    { fromStatus: null, toStatus: 'pendingReview', at: '2026-11-24T02:00:00.000Z' },
    { fromStatus: 'pendingReview', toStatus: 'awaitingPayment', at: '2026-11-24T03:00:00.000Z' },
    { fromStatus: 'awaitingPayment', toStatus: 'inProduction', at: '2026-11-25T01:00:00.000Z' },
  ],
  productionSteps: stepsOf('pcb', 3),
  parcels: [],
};

const submit = () => act(() => fireEvent.click(screen.getByTestId('order-state-submit')));

describe('/orderState (public)', () => {
  it('shows the masked state of an order without login', async () => {
    const { requests } = baseApi({
      'POST /api/OrderState/Query': () => ({ body: envelope(state) }),
    });
    renderApp('/orderState');
    await screen.findByTestId('order-state-page');
    submit();
    expect(await screen.findByText('请输入以1开头的11位手机号')).toBeInTheDocument();
    act(() => typeInto('order-state-no', ' p2026112400001 '));
    act(() => typeInto('order-state-mobile', '13800138000'));
    submit();
    const result = await screen.findByTestId('order-state-result');
    expect(result).toHaveTextContent('PCB订单 P2026112400001');
    expect(result).toHaveTextContent('生产中');
    expect(screen.getByTestId('order-state-receiver')).toHaveTextContent('王* 138****8000');
    expect(screen.getByTestId('order-state-timeline').textContent).toContain('提交订单');
    expect(screen.getByTestId('order-state-timeline').textContent).toContain('待付款');
    expect(screen.getAllByText('待完成')).toHaveLength(9);
    const query = requests.find((r) => r.url.pathname === '/api/OrderState/Query')!;
    expect(query.body).toEqual({ orderNo: 'P2026112400001', mobile: '13800138000' });
    expect(query.headers.get('Authorization')).toBeNull();
  });

  it('says when nothing matches, and when the look-ups come too fast', async () => {
    let reply = 0;
    baseApi({
      'POST /api/OrderState/Query': () => {
        reply += 1;
        return reply === 1
          ? { status: 400, body: envelope(null, false, ORDER_STATE_NOT_FOUND_MESSAGE) }
          : { status: 429, body: envelope(null, false, '查询过于频繁，请稍后再试') };
      },
    });
    renderApp('/orderState');
    await screen.findByTestId('order-state-page');
    act(() => typeInto('order-state-no', 'P2026112400001'));
    act(() => typeInto('order-state-mobile', '13800138001'));
    submit();
    expect(await screen.findByTestId('order-state-refusal')).toHaveTextContent(
      '未找到订单，请核对订单号和收货人手机号',
    );
    expect(fieldError('order-state-mobile')).toBeNull();
    submit();
    expect(await screen.findByText('查询过于频繁，请稍后再试')).toBeInTheDocument();
    expect(screen.queryByTestId('order-state-result')).toBeNull();
  });
});
