import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Balances } from '@pcb/contract/member-advance-payment';
import type { MemberOrderDetail } from '@pcb/contract';
import type { PayResult } from '@pcb/contract/payment';
import { envelope, refuse, type Handler } from '@pcb/client/test';
import { baseApi, currentPath, logIn } from '../../../test/base-api';
import { memberFixture } from '../../../test/fixtures';
import { counts, orderDetail, orderRow, page } from '../../../test/order-fixtures';
import { renderApp } from '../../../test/render-app';
import { expectToast } from '../../../test/ui-text';
import { documentNavigation } from '../../../lib/document-navigation';
import { queryClient } from '../../../lib/api';

/** WeChat's JS-SDK inside the mini-program: the pages it was asked to open. */
const miniProgramPages = vi.hoisted(() => [] as string[]);
vi.mock('../wechat-sdk.js', () => ({
  default: {
    miniProgram: {
      navigateTo: (options: { url: string; success?: () => void }) => {
        miniProgramPages.push(options.url);
        options.success?.();
      },
    },
  },
}));

beforeEach(() => {
  logIn();
  queryClient.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A server with one order at 待付款 (¥82.00) and the member's balances. */
function payServer(
  options: {
    order?: Partial<MemberOrderDetail>;
    balances?: Partial<Balances>;
    hasPaymentPassword?: boolean;
    pay?: Handler;
    extra?: Record<string, Handler>;
  } = {},
) {
  let order = orderDetail({ status: 'awaitingPayment', total: 8200, ...options.order });
  const api = baseApi({
    'GET /api/MemberInfo/Get': () => ({
      body: envelope({ ...memberFixture, hasPaymentPassword: options.hasPaymentPassword ?? true }),
    }),
    'GET /api/Pcb/GetDetail': () => ({ body: envelope(order) }),
    'GET /api/Pcb/GetOrderProcess': () => ({
      body: envelope({ timeline: order.timeline, productionSteps: order.productionSteps }),
    }),
    'GET /api/DirectConnection/GetVirtualAccountListByMemberId': () => ({ body: envelope([]) }),
    'GET /api/MemberAdvancePayment/GetBalance': () => ({
      body: envelope({ balance: 0, giftBalance: 0, held: 0, ...options.balances }),
    }),
    'POST /api/Pcb/Pay': async (r) => {
      const reply = await (options.pay ?? (() => refuse(500, '未设置')))(r);
      if (
        reply !== 'network-error' &&
        (reply.body as { data?: PayResult }).data?.status === 'paid'
      ) {
        order = { ...order, status: 'inProduction' };
      }
      return reply;
    },
    'GET /api/Pcb/GetMemberOrderStatusNum': () => ({
      body: envelope(counts({ awaitingPayment: 1 })),
    }),
    'GET /api/Smt/GetMemberOrderStatusNum': () => ({ body: envelope(counts()) }),
    'GET /api/Stencil/GetMemberOrderStatusNum': () => ({ body: envelope(counts()) }),
    ...options.extra,
  });
  return api;
}

const paid = (over: Partial<PayResult> = {}): PayResult => ({
  orderId: 1,
  orderNo: 'P2026112400001',
  kind: 'pcb',
  status: 'paid',
  total: 8200,
  balanceAmount: 8200,
  giftAmount: 0,
  onlineAmount: 0,
  payment: null,
  ...over,
});

async function openSheetWhenReady() {
  renderApp('/TheOrders/orderDetail?id=1&kind=pcb');
  const pay = await screen.findByTestId('order-pay');
  act(() => fireEvent.click(pay));
  return screen.findByTestId('pay-methods');
}

const methodRows = () =>
  within(screen.getByTestId('pay-methods'))
    .getAllByRole('radio')
    .filter((r) => r.classList.contains('mn-method'))
    .map((r) => [
      r.querySelector('.mn-method-title')?.textContent,
      r.getAttribute('aria-checked') === 'true',
      r.getAttribute('aria-disabled') !== 'true',
    ]);

/** Types digits into the PasscodeInput the way a hardware keyboard would. */
const typePasscode = (value: string) =>
  act(() =>
    fireEvent.change(
      screen
        .getByTestId('pay-passcode')
        .querySelector('.adm-passcode-input-native-input') as HTMLInputElement,
      { target: { value } },
    ),
  );

describe('the pay sheet', () => {
  it('pays from the balance with the payment password; the amount is the server’s', async () => {
    const { calls } = payServer({
      balances: { balance: 10_000 },
      pay: () => ({ body: envelope(paid()) }),
    });
    await openSheetWhenReady();
    expect(screen.getByTestId('pay-total')).toHaveTextContent('¥82.00');
    expect(methodRows()).toEqual([
      ['余额支付', true, true],
      ['支付宝', false, true],
      ['微信支付', false, true],
    ]);
    expect(screen.getByTestId('pay-method-balance')).toHaveTextContent('可用余额 ¥100.00');
    expect(screen.getByTestId('pay-summary')).toHaveTextContent('余额 ¥82.00');
    act(() => fireEvent.click(screen.getByTestId('pay-confirm')));
    await screen.findByTestId('pay-passcode-step');
    typePasscode('385917');
    await waitFor(() => expect(currentPath()).toBe('/TheOrders/paySuccess'));
    const [body] = calls('POST /api/Pcb/Pay').map((r) => r.body as Record<string, unknown>);
    expect(body).toEqual({
      id: 1,
      requestId: expect.stringMatching(UUID),
      method: 'balance',
      paymentPassword: '385917',
      // The contract's default, filled in by the client's input check.
      scene: 'h5',
    });
    // The page sends no price: the server takes the order's.
    expect(Object.keys(body!)).not.toContain('amount');
    await expectToast('支付成功');
    expect(await screen.findByText('支付成功', { selector: 'h2' })).toBeInTheDocument();
  });

  it('a wrong password: the server’s tries left, a new attempt; then the lock', async () => {
    let tries = 0;
    const { calls } = payServer({
      balances: { balance: 10_000 },
      pay: () => {
        tries += 1;
        return tries === 1
          ? // As the server's check sends it: a 400 naming the field.
            refuse(400, '支付密码错误，还可尝试4次', 'paymentPassword')
          : refuse(429, '支付密码错误次数过多，请30分钟后再试', 'paymentPassword');
      },
    });
    await openSheetWhenReady();
    act(() => fireEvent.click(screen.getByTestId('pay-confirm')));
    await screen.findByTestId('pay-passcode-step');
    typePasscode('111111');
    expect(await screen.findByTestId('pay-password-problem')).toHaveTextContent(
      '支付密码错误，还可尝试4次',
    );
    // The boxes are emptied for the next try.
    expect(
      screen.getByTestId('pay-passcode').querySelectorAll('.adm-passcode-input-cell-dot'),
    ).toHaveLength(0);
    typePasscode('222222');
    expect(await screen.findByText('支付密码错误次数过多，请30分钟后再试')).toBeInTheDocument();
    const ids = calls('POST /api/Pcb/Pay').map((r) => (r.body as { requestId: string }).requestId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
    // Locked: digits are not taken.
    typePasscode('333333');
    expect(calls('POST /api/Pcb/Pay')).toHaveLength(2);
    expect(currentPath()).toBe('/TheOrders/orderDetail');
  });

  it('a lost answer is retried with the same request id', async () => {
    let tries = 0;
    const { calls } = payServer({
      balances: { balance: 10_000 },
      pay: () => {
        tries += 1;
        return tries === 1 ? 'network-error' : { body: envelope(paid()) };
      },
    });
    await openSheetWhenReady();
    act(() => fireEvent.click(screen.getByTestId('pay-confirm')));
    await screen.findByTestId('pay-passcode-step');
    typePasscode('385917');
    await expectToast('网络异常，请检查网络后重试');
    // Back on the methods; the member tries again.
    const again = await screen.findByTestId('pay-confirm');
    act(() => fireEvent.click(again));
    await screen.findByTestId('pay-passcode-step');
    typePasscode('385917');
    await waitFor(() => expect(currentPath()).toBe('/TheOrders/paySuccess'));
    const ids = calls('POST /api/Pcb/Pay').map((r) => (r.body as { requestId: string }).requestId);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  it('without a payment password: offers to set it, and comes back to the sheet', async () => {
    payServer({ balances: { balance: 10_000 }, hasPaymentPassword: false });
    await openSheetWhenReady();
    expect(screen.getByTestId('pay-password-unset')).toBeInTheDocument();
    expect(screen.getByTestId('pay-confirm')).toHaveTextContent('去设置支付密码');
    act(() => fireEvent.click(screen.getByTestId('pay-confirm')));
    await waitFor(() => expect(currentPath()).toBe('/accountSecurity/payThePassword'));
  });

  it('part from the balance and the rest by Alipay: the split, the hand-off and what is remembered', async () => {
    const assign = vi.spyOn(documentNavigation, 'assign').mockImplementation(() => {});
    const { calls } = payServer({
      balances: { balance: 2_000 },
      pay: () => ({
        body: envelope(
          paid({
            status: 'pending',
            balanceAmount: 2_000,
            onlineAmount: 6_200,
            payment: {
              outTradeNo: 'PAY2611260001',
              channel: 'alipay',
              scene: 'h5',
              amount: 6_200,
              expiresAt: '2026-11-26T12:00:00+08:00',
              launch: { kind: 'redirect', url: 'https://sandbox.example/alipay?id=1' },
            },
          }),
        ),
      }),
    });
    await openSheetWhenReady();
    expect(methodRows()).toEqual([
      ['余额支付', false, false],
      ['余额+在线支付', true, true],
      ['支付宝', false, true],
      ['微信支付', false, true],
    ]);
    expect(screen.getByTestId('pay-method-balance')).toHaveTextContent('余额不足，可用¥20.00');
    expect(screen.getByTestId('pay-method-balanceOnline')).toHaveTextContent(
      '余额抵扣 ¥20.00，还需在线支付 ¥62.00',
    );
    expect(screen.getByTestId('pay-summary')).toHaveTextContent('余额 ¥20.00 + 支付宝 ¥62.00');
    act(() => fireEvent.click(screen.getByTestId('pay-confirm')));
    await screen.findByTestId('pay-passcode-step');
    typePasscode('385917');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sandbox.example/alipay?id=1'));
    expect(calls('POST /api/Pcb/Pay')[0]?.body).toMatchObject({
      method: 'balanceOnline',
      channel: 'alipay',
      scene: 'h5',
      paymentPassword: '385917',
    });
    expect(JSON.parse(sessionStorage.getItem('pendingPayment')!)).toEqual({
      outTradeNo: 'PAY2611260001',
      channel: 'alipay',
      purpose: 'order',
      amount: 6_200,
      order: { id: 1, kind: 'pcb', orderNo: 'P2026112400001' },
    });
    expect(screen.getByTestId('pay-sheet-leaving')).toHaveTextContent('正在打开支付宝');
  });

  it('online only asks no password; a disabled row cannot be chosen', async () => {
    const leave = vi.spyOn(documentNavigation, 'assignSendingOrigin').mockImplementation(() => {});
    const { calls } = payServer({
      pay: () => ({
        body: envelope(
          paid({
            status: 'pending',
            balanceAmount: 0,
            onlineAmount: 8_200,
            payment: {
              outTradeNo: 'PAY2611260002',
              channel: 'wechat',
              scene: 'h5',
              amount: 8_200,
              expiresAt: '2026-11-26T12:00:00+08:00',
              launch: { kind: 'redirect', url: 'https://sandbox.example/wechat' },
            },
          }),
        ),
      }),
    });
    await openSheetWhenReady();
    act(() => fireEvent.click(screen.getByTestId('pay-method-balance')));
    expect(screen.getByTestId('pay-method-alipay')).toHaveAttribute('aria-checked', 'true');
    act(() => fireEvent.click(screen.getByTestId('pay-method-wechat')));
    act(() => fireEvent.click(screen.getByTestId('pay-confirm')));
    await waitFor(() => expect(calls('POST /api/Pcb/Pay')).toHaveLength(1));
    expect(calls('POST /api/Pcb/Pay')[0]?.body).toEqual({
      id: 1,
      requestId: expect.stringMatching(UUID),
      method: 'online',
      channel: 'wechat',
      scene: 'h5',
    });
    expect(screen.queryByTestId('pay-passcode-step')).toBeNull();
    // WeChat Pay's H5 page is opened telling it our origin (its Referer check).
    await waitFor(() => expect(leave).toHaveBeenCalledWith('https://sandbox.example/wechat'));
  });

  it('inside the mini-program: WeChat Pay without an identity, handed to the pay page', async () => {
    sessionStorage.setItem('from', 'miniprogram');
    miniProgramPages.length = 0;
    const { calls } = payServer({
      pay: () => ({
        body: envelope(
          paid({
            status: 'pending',
            balanceAmount: 0,
            onlineAmount: 8_200,
            payment: {
              outTradeNo: 'PAY2611260003',
              channel: 'wechat',
              scene: 'miniprogram',
              amount: 8_200,
              expiresAt: '2026-11-26T12:00:00+08:00',
              launch: { kind: 'miniprogram', payToken: 'mb6x2k.c2lnbmF0dXJl' },
            },
          }),
        ),
      }),
    });
    await openSheetWhenReady();
    expect(screen.getByTestId('pay-method-alipay')).toHaveTextContent('小程序内无法使用支付宝');
    expect(screen.getByTestId('pay-method-wechat')).toHaveAttribute('aria-checked', 'true');
    act(() => fireEvent.click(screen.getByTestId('pay-confirm')));
    await waitFor(() => expect(calls('POST /api/Pcb/Pay')).toHaveLength(1));
    // No wxOpenId: the mini-program's pay page logs in itself (decision 0057).
    expect(calls('POST /api/Pcb/Pay')[0]?.body).toEqual({
      id: 1,
      requestId: expect.stringMatching(UUID),
      method: 'online',
      channel: 'wechat',
      scene: 'miniprogram',
    });
    await waitFor(() =>
      expect(miniProgramPages).toEqual([
        '/pages/pay/pay?outTradeNo=PAY2611260003&payToken=mb6x2k.c2lnbmF0dXJl',
      ]),
    );
    // Behind the pay page, the result screen that asks the server.
    await waitFor(() => expect(currentPath()).toBe('/TheOrders/paySuccess'));
  });

  it('a switched session pays its colleague’s order online only', async () => {
    payServer({
      balances: { balance: 100_000 },
      extra: {
        'GET /api/MemberInfo/GetRelationMember': () => ({
          body: envelope({
            isSwitched: true,
            mainMember: { id: 7, displayName: '张三', mobileMasked: '138****8000' },
          }),
        }),
      },
    });
    await openSheetWhenReady();
    expect(methodRows()).toEqual([
      ['余额支付', false, false],
      ['支付宝', true, true],
      ['微信支付', false, true],
    ]);
    expect(screen.getByTestId('pay-method-balance')).toHaveTextContent(
      '代关联账号付款时只能使用支付宝或微信支付',
    );
    expect(screen.getByTestId('pay-confirm')).toHaveTextContent('确认支付 ¥82.00');
  });

  it('opens at once from 重新支付 (?pay=1)', async () => {
    payServer({ balances: { balance: 10_000 } });
    renderApp('/TheOrders/orderDetail?id=1&kind=pcb&pay=1');
    expect(await screen.findByTestId('pay-methods')).toBeInTheDocument();
    expect(screen.getByTestId('pay-total')).toHaveTextContent('¥82.00');
  });

  it('from the list: the amount is the order’s as the server has it now, not the row’s', async () => {
    const row = orderRow(1, { status: 'awaitingPayment', total: 8200 });
    payServer({
      order: { total: 9900 },
      balances: { balance: 100_000 },
      extra: { 'POST /api/Pcb/GetMemberPcbOrders': () => ({ body: envelope(page([row])) }) },
    });
    renderApp('/TheOrders');
    const card = await screen.findByTestId('order-card-action');
    act(() => fireEvent.click(card));
    expect(await screen.findByTestId('pay-total')).toHaveTextContent('¥99.00');
  });

  it('says so when the order no longer awaits payment', async () => {
    const row = orderRow(1, { status: 'awaitingPayment' });
    payServer({
      order: { status: 'inProduction' },
      extra: { 'POST /api/Pcb/GetMemberPcbOrders': () => ({ body: envelope(page([row])) }) },
    });
    renderApp('/TheOrders');
    const card = await screen.findByTestId('order-card-action');
    act(() => fireEvent.click(card));
    expect(await screen.findByTestId('pay-sheet-not-payable')).toHaveTextContent(
      '订单当前状态不需要付款',
    );
  });
});

describe('the pay sheet’s coupon row (decision 0061)', () => {
  const coupon = (id: number, over: Record<string, unknown> = {}) => ({
    id,
    name: `券${id}`,
    serviceType: 'pcb',
    amount: 1000,
    minOrderAmount: 0,
    validFrom: '2026-11-01T00:00:00.000Z',
    validTo: '2026-12-31T00:00:00.000Z',
    state: 'unused',
    isExpiringSoon: false,
    source: 'grant',
    orderNo: null,
    usedAt: null,
    quote: null,
    isUsable: true,
    deduction: 1000,
    reason: null,
    ...over,
  });
  const coupons = {
    'POST /api/MemberRebate/getPcbUseableRebates': () => ({
      body: envelope({
        amount: 8200,
        items: [
          coupon(7),
          coupon(8, {
            amount: 5000,
            minOrderAmount: 20000,
            isUsable: false,
            deduction: 0,
            reason: '满¥200.00可用，当前¥82.00',
          }),
        ],
        bestId: 7,
        usableCount: 1,
        unusableCount: 1,
      }),
    }),
  };

  it('preselects the best coupon: the balance pays the total less it, and Pay names it', async () => {
    const { calls } = payServer({
      balances: { balance: 10_000 },
      pay: () => ({ body: envelope(paid({ balanceAmount: 7200, couponAmount: 1000 })) }),
      extra: coupons,
    });
    await openSheetWhenReady();
    await waitFor(() =>
      expect(screen.getByTestId('pay-coupon-detail')).toHaveTextContent('-¥10.00'),
    );
    expect(screen.getByTestId('pay-total')).toHaveTextContent('¥72.00');
    expect(screen.getByTestId('pay-confirm')).toHaveTextContent('确认支付 ¥72.00');
    // The list: the usable one, 不使用, and the other with why.
    act(() => fireEvent.click(screen.getByTestId('pay-coupon-row')));
    const list = await screen.findByTestId('pay-coupons');
    expect(within(list).getByTestId('pay-coupon-8')).toHaveTextContent('满¥200.00可用，当前¥82.00');
    expect(within(list).getByTestId('pay-coupon-8')).toHaveAttribute('aria-disabled', 'true');
    act(() => fireEvent.click(within(list).getByTestId('pay-coupon-7')));
    act(() => fireEvent.click(screen.getByTestId('pay-confirm')));
    await screen.findByTestId('pay-passcode-step');
    typePasscode('385917');
    await waitFor(() => expect(currentPath()).toBe('/TheOrders/paySuccess'));
    const [body] = calls('POST /api/Pcb/Pay').map((r) => r.body as Record<string, unknown>);
    expect(body).toMatchObject({ method: 'balance', couponId: 7 });
  });

  it('with Alipay too (decision 0064): the provider is asked the total less the coupon', async () => {
    const assign = vi.spyOn(documentNavigation, 'assign').mockImplementation(() => {});
    const { calls } = payServer({
      extra: coupons,
      pay: () => ({
        body: envelope(
          paid({
            status: 'pending',
            balanceAmount: 0,
            onlineAmount: 7_200,
            couponAmount: 1_000,
            payment: {
              outTradeNo: 'PAY2611260009',
              channel: 'alipay',
              scene: 'h5',
              amount: 7_200,
              expiresAt: '2026-11-26T12:00:00+08:00',
              launch: { kind: 'redirect', url: 'https://sandbox.example/alipay?id=9' },
            },
          }),
        ),
      }),
    });
    await openSheetWhenReady();
    await waitFor(() =>
      expect(screen.getByTestId('pay-coupon-detail')).toHaveTextContent('-¥10.00'),
    );
    expect(screen.getByTestId('pay-method-alipay')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('pay-total')).toHaveTextContent('¥72.00');
    expect(screen.getByTestId('pay-coupon-row')).not.toHaveTextContent('仅限');
    act(() => fireEvent.click(screen.getByTestId('pay-confirm')));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sandbox.example/alipay?id=9'));
    expect(calls('POST /api/Pcb/Pay')[0]?.body).toMatchObject({
      method: 'online',
      channel: 'alipay',
      couponId: 7,
    });
  });

  it('不使用优惠券: the whole total, no coupon sent', async () => {
    payServer({ balances: { balance: 10_000 }, extra: coupons });
    await openSheetWhenReady();
    await waitFor(() =>
      expect(screen.getByTestId('pay-coupon-detail')).toHaveTextContent('-¥10.00'),
    );
    act(() => fireEvent.click(screen.getByTestId('pay-coupon-row')));
    act(() => fireEvent.click(screen.getByTestId('pay-coupon-none')));
    expect(screen.getByTestId('pay-total')).toHaveTextContent('¥82.00');
    expect(screen.getByTestId('pay-coupon-detail')).toHaveTextContent('1张可用');
  });
});
