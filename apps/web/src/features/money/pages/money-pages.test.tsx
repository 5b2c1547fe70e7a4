import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PaymentStatus } from '@pcb/contract/payment';
import type { AccountLog, MoneyLog } from '@pcb/contract/member-advance-payment';
import { envelope, refuse, type Handler } from '@pcb/client/test';
import { baseApi, currentPath, logIn } from '../../../test/base-api';
import { orderDetail, page } from '../../../test/order-fixtures';
import { renderApp } from '../../../test/render-app';
import { expectToast } from '../../../test/ui-text';
import { documentNavigation } from '../../../lib/document-navigation';
import { queryClient } from '../../../lib/api';

beforeEach(() => {
  logIn();
  queryClient.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const status = (over: Partial<PaymentStatus> = {}): PaymentStatus => ({
  outTradeNo: 'PAY2611260001',
  channel: 'alipay',
  purpose: 'order',
  status: 'pending',
  outcome: null,
  orderId: 1,
  orderNo: 'P2026112400001',
  kind: 'pcb',
  amount: 8_200,
  paidAt: null,
  ...over,
});

/** Answers in turn, the last one from then on. */
const inTurn = (...replies: ReturnType<Handler>[]): Handler => {
  let i = 0;
  return () => replies[Math.min(i++, replies.length - 1)]!;
};

const remembered = {
  outTradeNo: 'PAY2611260001',
  channel: 'alipay',
  purpose: 'order',
  amount: 8_200,
  order: { id: 1, kind: 'pcb', orderNo: 'P2026112400001' },
};

describe('/TheOrders/paySuccess', () => {
  it('asks the server until the payment is known, then says it is paid and stops asking', async () => {
    const { calls } = baseApi({
      'GET /api/AlipayOrder/Get': inTurn(
        { body: envelope(status()) },
        { body: envelope(status({ status: 'paid', outcome: 'paidOrder' })) },
      ),
    });
    renderApp('/TheOrders/paySuccess?outTradeNo=PAY2611260001&channel=alipay');
    // The return address proves nothing: first the progress state.
    expect(await screen.findByText('正在确认支付结果…')).toBeInTheDocument();
    expect(await screen.findByText('支付成功', {}, { timeout: 6000 })).toBeInTheDocument();
    const result = screen.getByTestId('pay-result');
    expect(result).toHaveTextContent('¥82.00');
    expect(result).toHaveTextContent('订单号 P2026112400001');
    const asked = calls('GET /api/AlipayOrder/Get');
    expect(asked[0]?.url.search).toBe('?outTradeNo=PAY2611260001');
    await new Promise((r) => setTimeout(r, 1800));
    expect(calls('GET /api/AlipayOrder/Get')).toHaveLength(asked.length);
    act(() => fireEvent.click(screen.getByTestId('pay-view-order')));
    expect(currentPath()).toBe('/TheOrders/orderDetail');
  });

  it('finds the payment it left for when the provider’s return carries no number', async () => {
    sessionStorage.setItem('pendingPayment', JSON.stringify({ ...remembered, channel: 'wechat' }));
    const { calls } = baseApi({
      'GET /api/WechatPayOrder/Get': () => ({
        body: envelope(status({ channel: 'wechat', status: 'paid', outcome: 'paidOrder' })),
      }),
    });
    renderApp('/TheOrders/paySuccess');
    expect(await screen.findByText('支付成功')).toBeInTheDocument();
    expect(calls('GET /api/WechatPayOrder/Get')[0]?.url.search).toBe('?outTradeNo=PAY2611260001');
    // Settled: forgotten.
    await waitFor(() => expect(sessionStorage.getItem('pendingPayment')).toBeNull());
  });

  it('the server’s return address names the provider: asks it alone, nothing remembered', async () => {
    const { calls } = baseApi({
      'GET /api/WechatPayOrder/Get': () => ({
        body: envelope(status({ channel: 'wechat', status: 'paid', outcome: 'paidOrder' })),
      }),
    });
    renderApp('/TheOrders/paySuccess?id=1&kind=pcb&channel=wechat&outTradeNo=PAY2611260001');
    expect(await screen.findByText('支付成功')).toBeInTheDocument();
    expect(calls('GET /api/AlipayOrder/Get')).toHaveLength(0);
    expect(calls('GET /api/WechatPayOrder/Get')[0]?.url.search).toBe('?outTradeNo=PAY2611260001');
  });

  it('an address from before the provider was named: finds the provider itself', async () => {
    const { calls } = baseApi({
      'GET /api/AlipayOrder/Get': () => refuse(404, '支付单不存在'),
      'GET /api/WechatPayOrder/Get': () => ({
        body: envelope(status({ channel: 'wechat', status: 'paid', outcome: 'paidOrder' })),
      }),
    });
    renderApp('/TheOrders/paySuccess?orderId=1&kind=pcb&outTradeNo=PAY2611260001');
    expect(await screen.findByText('支付成功')).toBeInTheDocument();
    expect(calls('GET /api/AlipayOrder/Get')).toHaveLength(1);
    expect(calls('GET /api/WechatPayOrder/Get')[0]?.url.search).toBe('?outTradeNo=PAY2611260001');
  });

  it('a closed payment goes to payFail with its reason; 重新支付 opens the sheet again', async () => {
    sessionStorage.setItem('pendingPayment', JSON.stringify(remembered));
    baseApi({
      'GET /api/AlipayOrder/Get': () => ({ body: envelope(status({ status: 'closed' })) }),
      'GET /api/Pcb/GetDetail': () => ({
        body: envelope(orderDetail({ status: 'awaitingPayment', total: 8200 })),
      }),
      'GET /api/Pcb/GetOrderProcess': () => ({
        body: envelope({ timeline: [], productionSteps: [] }),
      }),
      'GET /api/DirectConnection/GetVirtualAccountListByMemberId': () => ({ body: envelope([]) }),
      'GET /api/MemberAdvancePayment/GetBalance': () => ({
        body: envelope({ balance: 0, giftBalance: 0, held: 0 }),
      }),
    });
    renderApp('/TheOrders/paySuccess?outTradeNo=PAY2611260001&channel=alipay');
    await waitFor(() => expect(currentPath()).toBe('/TheOrders/payFail'));
    expect(screen.getByTestId('pay-fail-reason')).toHaveTextContent('支付未完成，本次支付已关闭');
    expect(await screen.findByText('订单号 P2026112400001')).toBeInTheDocument();
    expect(screen.getByTestId('pay-fail')).toHaveTextContent('¥82.00');
    act(() => fireEvent.click(screen.getByTestId('pay-again')));
    expect(await screen.findByTestId('pay-methods')).toBeInTheDocument();
    expect(currentPath()).toBe('/TheOrders/orderDetail');
  });

  const quitAddress =
    '/TheOrders/payFail?id=1&kind=pcb&channel=alipay&outTradeNo=PAY2611260001&reason=cancelled';
  const unpaidOrder = {
    'GET /api/Pcb/GetDetail': () => ({
      body: envelope(orderDetail({ status: 'awaitingPayment', total: 8200 })),
    }),
  };

  it('leaving the cashier lands on payFail, which asks once: still unpaid, 重新支付', async () => {
    const { calls } = baseApi({
      ...unpaidOrder,
      'GET /api/AlipayOrder/Get': () => ({ body: envelope(status()) }),
    });
    renderApp(quitAddress);
    expect(await screen.findByTestId('pay-fail-reason')).toHaveTextContent('您已取消支付');
    expect(await screen.findByTestId('pay-again')).toBeEnabled();
    await waitFor(() => expect(calls('GET /api/AlipayOrder/Get')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 1800));
    expect(calls('GET /api/AlipayOrder/Get')).toHaveLength(1);
  });

  it('payFail for a payment made after all (in the provider’s app) goes on to paySuccess', async () => {
    baseApi({
      ...unpaidOrder,
      'GET /api/AlipayOrder/Get': () => ({
        body: envelope(status({ status: 'paid', outcome: 'paidOrder' })),
      }),
    });
    renderApp(quitAddress);
    expect(await screen.findByText('支付成功')).toBeInTheDocument();
    expect(currentPath()).toBe('/TheOrders/paySuccess');
  });

  it('money paid for an order that no longer needed it: says it goes back', async () => {
    baseApi({
      'GET /api/AlipayOrder/Get': () => ({
        body: envelope(status({ status: 'paid', outcome: 'refunding' })),
      }),
    });
    renderApp('/TheOrders/paySuccess?outTradeNo=PAY2611260001&channel=alipay');
    expect(await screen.findByText('本次付款将原路退回')).toBeInTheDocument();
  });

  it('a refused look-up is an answer: the server’s words, and a way to ask again', async () => {
    const { calls } = baseApi({
      'GET /api/AlipayOrder/Get': () => refuse(404, '支付单不存在'),
    });
    renderApp('/TheOrders/paySuccess?outTradeNo=PAY2611260009&channel=alipay');
    expect(await screen.findByText('暂未确认到账')).toBeInTheDocument();
    expect(screen.getByTestId('pay-result')).toHaveTextContent('支付单不存在');
    expect(calls('GET /api/AlipayOrder/Get')).toHaveLength(1);
    act(() => fireEvent.click(screen.getByTestId('pay-ask-again')));
    await waitFor(() => expect(calls('GET /api/AlipayOrder/Get')).toHaveLength(2));
  });

  it('after a balance payment, reads the order until it shows paid', async () => {
    baseApi({
      'GET /api/Smt/GetDetail': inTurn(
        { body: envelope(orderDetail({ kind: 'smt', status: 'awaitingPayment', total: 5000 })) },
        { body: envelope(orderDetail({ kind: 'smt', status: 'inProduction', total: 5000 })) },
      ),
    });
    renderApp('/TheOrders/paySuccess?id=1&kind=smt');
    expect(await screen.findByText('支付成功', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(screen.getByTestId('pay-result')).toHaveTextContent('¥50.00');
  });
});

const balancesApi = (balances = { balance: 12_345, giftBalance: 2_000, held: 500 }) => ({
  'GET /api/MemberAdvancePayment/GetBalance': () => ({ body: envelope(balances) }),
  'GET /api/DirectConnection/GetVirtualAccountListByMemberId': () => ({
    body: envelope([
      {
        id: 1,
        bankName: '招商银行深圳分行',
        accountName: '示例电路科技有限公司',
        accountNo: '7559 0000 0000 1234',
        createdAt: '2026-01-01T00:00:00Z',
      },
    ]),
  }),
});

describe('/theBalance', () => {
  it('shows the balances, the held amount, the transfer account with copy buttons', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    baseApi(balancesApi());
    renderApp('/theBalance');
    expect(await screen.findByTestId('balance-amount')).toHaveTextContent('¥123.45');
    expect(screen.getByTestId('gift-balance')).toHaveTextContent('¥20.00');
    expect(screen.getByTestId('held-balance')).toHaveTextContent('¥5.00');
    expect(await screen.findByTestId('va-no')).toHaveTextContent('7559 0000 0000 1234');
    act(() => fireEvent.click(screen.getByTestId('va-no-copy')));
    await expectToast('账号已复制');
    expect(writeText).toHaveBeenCalledWith('7559 0000 0000 1234');
    act(() => fireEvent.click(screen.getByTestId('va-name-copy')));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('示例电路科技有限公司'));
    act(() => fireEvent.click(screen.getByTestId('va-bank-copy')));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('招商银行深圳分行'));
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('tops up: presets, a custom amount within the stated limits, the channel, the hand-off', async () => {
    const assign = vi.spyOn(documentNavigation, 'assign').mockImplementation(() => {});
    const { calls } = baseApi({
      ...balancesApi(),
      'POST /api/MemberAdvancePayment/Recharge': (r) => ({
        body: envelope({
          outTradeNo: 'TOP2611260001',
          channel: 'alipay',
          scene: 'h5',
          amount: (r.body as { amount: number }).amount,
          expiresAt: '2026-11-26T12:00:00+08:00',
          launch: { kind: 'redirect', url: 'https://sandbox.example/alipay?t=1' },
        }),
      }),
    });
    renderApp('/theBalance');
    const rechargeOpen = await screen.findByTestId('recharge-open');
    act(() => fireEvent.click(rechargeOpen));
    const presets = within(await screen.findByTestId('recharge-presets')).getAllByRole('radio');
    expect(presets.map((p) => p.textContent)).toEqual(['¥100', '¥500', '¥1,000', '¥5,000']);
    expect(screen.getByTestId('recharge-limits')).toHaveTextContent(
      '单笔充值¥1.00至¥50,000.00，充值后余额不超过¥1,000,000.00',
    );
    const custom = screen.getByTestId('recharge-custom').querySelector('input')!;
    fireEvent.change(custom, { target: { value: '0.5' } });
    fireEvent.blur(custom);
    expect(await screen.findByTestId('recharge-problem')).toHaveTextContent(
      '单笔充值不能少于¥1.00',
    );
    expect(screen.getByTestId('recharge-confirm')).toBeDisabled();
    fireEvent.change(custom, { target: { value: '66.6' } });
    expect(screen.getByTestId('recharge-confirm')).toHaveTextContent('充值 ¥66.60');
    act(() => fireEvent.click(screen.getByTestId('recharge-confirm')));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sandbox.example/alipay?t=1'));
    expect(calls('POST /api/MemberAdvancePayment/Recharge')[0]?.body).toEqual({
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      amount: 6_660,
      channel: 'alipay',
      scene: 'h5',
    });
    expect(JSON.parse(sessionStorage.getItem('pendingPayment')!)).toMatchObject({
      outTradeNo: 'TOP2611260001',
      purpose: 'recharge',
      amount: 6_660,
    });
  });

  it('a switched session cannot top up (the server refuses it too)', async () => {
    baseApi({
      ...balancesApi(),
      'GET /api/MemberInfo/GetRelationMember': () => ({
        body: envelope({
          isSwitched: true,
          mainMember: { id: 7, displayName: '张三', mobileMasked: '138****8000' },
        }),
      }),
    });
    renderApp('/theBalance');
    expect(await screen.findByTestId('recharge-switched')).toBeInTheDocument();
    expect(screen.getByTestId('recharge-open')).toBeDisabled();
  });

  it('the member centre’s balance opens it', async () => {
    baseApi(balancesApi());
    renderApp('/member');
    const balanceLink = await screen.findByTestId('member-balance-link');
    act(() => fireEvent.click(balanceLink));
    expect(await screen.findByTestId('the-balance-page')).toBeInTheDocument();
  });
});

const moneyLog = (id: number, over: Partial<MoneyLog> = {}): MoneyLog => ({
  id,
  type: 'pay',
  typeName: '订单付款',
  direction: 'out',
  amount: 8_200,
  parts: [
    { name: '余额', amount: 2_000 },
    { name: '支付宝', amount: 6_200 },
  ],
  orderId: 1,
  orderNo: 'P2026112400001',
  note: null,
  createdAt: '2026-11-25T02:00:00.000Z',
  ...over,
});
const accountLog = (id: number, over: Partial<AccountLog> = {}): AccountLog => ({
  id,
  type: 'recharge',
  typeName: '充值',
  amount: 10_000,
  balanceAfter: 22_345,
  orderId: null,
  orderNo: null,
  note: null,
  createdAt: '2026-11-25T02:00:00.000Z',
  ...over,
});

describe('/theBalance/billList', () => {
  it('lists 收支明细 with its parts, filters by type and days, and switches the log', async () => {
    const { calls } = baseApi({
      'GET /api/MemberAdvancePayment/GetLogs': (r) =>
        r.url.searchParams.get('type') === 'refund'
          ? { body: envelope(page([], 0, 1, 20)) }
          : {
              body: envelope(
                page(
                  [
                    moneyLog(2),
                    moneyLog(1, {
                      type: 'recharge',
                      typeName: '充值',
                      direction: 'in',
                      amount: 10_000,
                      parts: [{ name: '支付宝', amount: 10_000 }],
                      orderId: null,
                      orderNo: null,
                    }),
                  ],
                  2,
                  1,
                  20,
                ),
              ),
            },
      'GET /api/MemberAdvancePayment/GetAdvancePaymentLogs': () => ({
        body: envelope(page([accountLog(5)], 1, 1, 20)),
      }),
    });
    renderApp('/theBalance/billList');
    const items = await screen.findAllByTestId('money-log');
    expect(items[0]).toHaveTextContent('订单付款');
    expect(items[0]).toHaveTextContent('余额 ¥20.00 + 支付宝 ¥62.00');
    expect(items[0]).toHaveTextContent('-¥82.00');
    expect(items[1]).toHaveTextContent('+¥100.00');
    expect(calls('GET /api/MemberAdvancePayment/GetLogs')[0]?.url.search).toBe(
      '?page=1&pageSize=20',
    );

    act(() => fireEvent.click(screen.getByTestId('bill-type-refund')));
    act(() => fireEvent.click(screen.getByTestId('bill-range-7d')));
    expect(await screen.findByText('没有符合条件的记录')).toBeInTheDocument();
    const last = calls('GET /api/MemberAdvancePayment/GetLogs').at(-1)!.url.searchParams;
    expect(last.get('type')).toBe('refund');
    expect(last.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(last.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    act(() => fireEvent.click(screen.getByTestId('bill-book-balance')));
    expect(await screen.findByText('余额 ¥223.45')).toBeInTheDocument();
    expect(currentPath()).toBe('/theBalance/billList');
  });
});

describe('top-up results', () => {
  it('prepaidSuccess waits for the credit, then shows the new balance', async () => {
    baseApi({
      'GET /api/AlipayOrder/Get': inTurn(
        {
          body: envelope(
            status({
              purpose: 'recharge',
              orderId: null,
              orderNo: null,
              kind: null,
              amount: 10_000,
            }),
          ),
        },
        {
          body: envelope(
            status({
              purpose: 'recharge',
              status: 'paid',
              outcome: 'credited',
              orderId: null,
              orderNo: null,
              kind: null,
              amount: 10_000,
            }),
          ),
        },
      ),
      'GET /api/MemberAdvancePayment/GetBalance': () => ({
        body: envelope({ balance: 22_345, giftBalance: 0, held: 0 }),
      }),
    });
    renderApp('/theBalance/prepaidSuccess?outTradeNo=TOP2611260001&channel=alipay');
    expect(await screen.findByText('正在确认充值结果…')).toBeInTheDocument();
    expect(await screen.findByText('充值成功', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(await screen.findByTestId('prepaid-new-balance')).toHaveTextContent('当前余额 ¥223.45');
  });

  it('prepaidFail naming a top-up the server closed says so', async () => {
    baseApi({
      ...balancesApi(),
      'GET /api/WechatPayOrder/Get': () => ({
        body: envelope(
          status({ channel: 'wechat', purpose: 'recharge', status: 'closed', orderId: null }),
        ),
      }),
    });
    renderApp('/theBalance/prepaidFail?channel=wechat&outTradeNo=TOP2611260001&reason=cancelled');
    await waitFor(() =>
      expect(screen.getByTestId('prepaid-fail-reason')).toHaveTextContent(
        '支付未完成，本次支付已关闭',
      ),
    );
  });

  it('prepaidFail says why and offers 重新充值', async () => {
    baseApi(balancesApi());
    renderApp('/theBalance/prepaidFail?reason=cancelled');
    expect(await screen.findByTestId('prepaid-fail-reason')).toHaveTextContent('您已取消支付');
    act(() => fireEvent.click(screen.getByTestId('recharge-again')));
    expect(await screen.findByTestId('recharge-presets')).toBeInTheDocument();
  });
});
