import { beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PointEntry, SignInCard } from '@pcb/contract/member-point';
import type { ShopExchange, ShopItem } from '@pcb/contract/shop-product';
import { envelope } from '@pcb/client/test';
import { baseApi, currentPath, logIn } from '../../../test/base-api';
import { renderApp } from '../../../test/render-app';
import { expectToast } from '../../../test/ui-text';

beforeEach(() => logIn());

const rewards = [1, 2, 3, 4, 5, 6, 10];

function cardOf(done: number, signedToday: boolean): SignInCard {
  const todayDay = signedToday ? done : done + 1;
  return {
    days: rewards.map((points, i) => ({
      day: i + 1,
      points,
      isDone: i + 1 <= done,
      isToday: i + 1 === todayDay,
    })),
    streak: done,
    isSignedToday: signedToday,
    todayPoints: rewards[todayDay - 1]!,
    today: '2026-11-27',
  };
}

const entry = (id: number, over: Partial<PointEntry> = {}): PointEntry => ({
  id,
  delta: 3,
  kind: 'signIn',
  reason: '每日签到 · 连续第3天',
  balanceAfter: 100 + id,
  createdAt: '2026-11-27T02:00:00.000Z',
  ...over,
});

const shopItems: ShopItem[] = [
  {
    id: 1,
    kind: 'coupon',
    name: '¥10 PCB券',
    description: '',
    pointsPrice: 100,
    stock: 5,
    coupon: { serviceType: 'pcb', amount: 1_000, minOrderAmount: 0, validity: '领取后30天内有效' },
  },
  {
    id: 2,
    kind: 'goods',
    name: '定制鼠标垫',
    description: '',
    pointsPrice: 300,
    stock: 0,
    coupon: null,
  },
];

function pointServer(state: { done: number; signed: boolean; balance: number }) {
  const exchanges: ShopExchange[] = [];
  return baseApi({
    'GET /api/ShopProduct/GetRebateList': () => ({
      body: envelope({ items: shopItems, total: shopItems.length, page: 1, pageSize: 50 }),
    }),
    'GET /api/ShopProduct/GetExchangeList': () => ({
      body: envelope({ items: exchanges, total: exchanges.length, page: 1, pageSize: 20 }),
    }),
    'POST /api/ShopProduct/ExchangeProduct': () => {
      state.balance -= 100;
      const exchange: ShopExchange = {
        id: 7,
        itemName: '¥10 PCB券',
        kind: 'coupon',
        points: 100,
        status: null,
        courier: null,
        trackingNo: null,
        createdAt: '2026-11-27T02:00:00.000Z',
      };
      exchanges.unshift(exchange);
      return { body: envelope({ exchange, balance: state.balance }) };
    },
    'GET /api/MemberPointHistory/GetSummary': () => ({
      body: envelope({ balance: state.balance, expiringSoon: 40, expiresAt: '2026-12-31' }),
    }),
    'GET /api/MemberSignIn/GetSigninCardList': () => ({
      body: envelope(cardOf(state.done, state.signed)),
    }),
    'POST /api/MemberSignIn/SignIn': () => {
      if (state.signed) {
        return { status: 409, body: envelope(null, false, '今天已经签到过了，明天再来吧') };
      }
      state.done += 1;
      state.signed = true;
      state.balance += rewards[state.done - 1]!;
      return {
        body: envelope({
          points: rewards[state.done - 1],
          streak: state.done,
          balance: state.balance,
        }),
      };
    },
    'GET /api/MemberPointHistory/GetRules': () => ({
      body: envelope({ pointsPerYuan: 1, signInRewards: rewards }),
    }),
    'GET /api/MemberPointHistory/GetList': (r) => {
      const page = Number(r.url.searchParams.get('page') ?? 1);
      const all = Array.from({ length: 25 }, (_, i) =>
        entry(
          25 - i,
          i === 1 ? { delta: -70, kind: 'expire', reason: '积分过期 · 2025年底到期' } : {},
        ),
      );
      const items = all.slice((page - 1) * 20, page * 20);
      return { body: envelope({ items, total: all.length, page, pageSize: 20 }) };
    },
  });
}

describe('/integral', () => {
  it('shows the balance, what expires next, the card; 签到 signs in with a toast', async () => {
    pointServer({ done: 2, signed: false, balance: 120 });
    renderApp('/integral');
    expect(await screen.findByText('40积分将于2026-12-31过期')).toBeInTheDocument();
    expect(screen.getByTestId('points-balance')).toHaveTextContent('120');
    const day3 = await screen.findByTestId('sign-in-day-3');
    expect(day3).toHaveTextContent('今天');
    expect(screen.getByTestId('sign-in-day-2')).toHaveAttribute('data-done', 'true');
    const button = screen.getByTestId('sign-in-button');
    expect(button).toHaveTextContent('签到 +3积分');
    act(() => fireEvent.click(button));
    await expectToast('签到成功，获得3积分');
    expect(await screen.findByText('今日已签到')).toBeInTheDocument();
    expect(screen.getByTestId('sign-in-day-3')).toHaveAttribute('data-done', 'true');
    await waitFor(() => expect(screen.getByTestId('points-balance')).toHaveTextContent('123'));
  });

  it('the header figure leads from /member to /integral', async () => {
    pointServer({ done: 0, signed: false, balance: 120 });
    renderApp('/member');
    const link = await screen.findByTestId('member-points-link');
    act(() => fireEvent.click(link));
    expect(await screen.findByTestId('integral-page')).toBeInTheDocument();
    expect(currentPath()).toBe('/integral');
  });
});

describe('/integral, the points shop', () => {
  it('lists items; a coupon is exchanged from the sheet; sold-out items cannot be', async () => {
    const api = pointServer({ done: 0, signed: false, balance: 120 });
    renderApp('/integral');
    const coupon = await screen.findByTestId('shop-item-1');
    expect(coupon).toHaveTextContent('PCB ¥10.00，领取后30天内有效');
    expect(screen.getByTestId('exchange-2')).toHaveTextContent('已兑完');
    expect(screen.getByTestId('exchange-2')).toBeDisabled();
    act(() => fireEvent.click(screen.getByTestId('exchange-1')));
    const confirm = await screen.findByTestId('exchange-confirm');
    expect(confirm).toHaveTextContent('确认兑换（100积分）');
    act(() => fireEvent.click(confirm));
    await expectToast('兑换成功，优惠券已发放');
    const body = api.calls('POST /api/ShopProduct/ExchangeProduct')[0]?.body as {
      id: number;
      requestId: string;
    };
    expect(body.id).toBe(1);
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByTestId('my-exchanges')).toHaveTextContent('已发放');
    await waitFor(() => expect(screen.getByTestId('points-balance')).toHaveTextContent('20'));
  });
});

describe('/integral/integralList', () => {
  it('lists changes newest first with reasons and signs; more as it scrolls', async () => {
    pointServer({ done: 0, signed: false, balance: 120 });
    renderApp('/integral/integralList');
    const first = await screen.findByTestId('point-entry-25');
    expect(first).toHaveTextContent('每日签到 · 连续第3天');
    expect(first).toHaveTextContent('+3');
    const expired = screen.getByTestId('point-entry-24');
    expect(within(expired).getByText('−70')).toBeInTheDocument();
    expect(expired).toHaveTextContent('积分过期 · 2025年底到期');
    expect(await screen.findByTestId('point-entry-1')).toBeInTheDocument();
    expect(await screen.findByText('没有更多记录了')).toBeInTheDocument();
  });

  it('empty: says how to earn points', async () => {
    baseApi({
      'GET /api/MemberPointHistory/GetList': () => ({
        body: envelope({ items: [], total: 0, page: 1, pageSize: 20 }),
      }),
    });
    renderApp('/integral/integralList');
    expect(await screen.findByText('暂无积分记录，签到或完成订单即可获得积分')).toBeInTheDocument();
  });
});

describe('/integral/integralRules', () => {
  it('shows the configured rate and the seven rewards', async () => {
    pointServer({ done: 0, signed: false, balance: 0 });
    renderApp('/integral/integralRules');
    expect(await screen.findByTestId('rule-order')).toHaveTextContent('每1元获得1积分');
    const table = screen.getByTestId('rule-sign-in');
    expect(within(table).getByText('第7天')).toBeInTheDocument();
    expect(within(table).getByText('+10')).toBeInTheDocument();
  });
});
