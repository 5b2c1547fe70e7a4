import { describe, expect, it } from 'vitest';
import {
  channelOptions,
  defaultChannel,
  defaultMethod,
  methodOptions,
  type PayContext,
} from './pay-options';

const ctx = (over: Partial<PayContext> = {}): PayContext => ({
  total: 10_000,
  balances: { balance: 0, giftBalance: 0, held: 0 },
  env: 'browser',
  hasWxOpenId: false,
  ...over,
});
const summary = (c: PayContext) =>
  methodOptions(c).map((o) => [o.method, o.available, o.balancePart, o.giftPart, o.onlinePart]);

describe('the pay sheet’s methods (decision 0056)', () => {
  it('offers the balance alone when it covers the total, and it comes first', () => {
    const c = ctx({ balances: { balance: 10_000, giftBalance: 0, held: 0 } });
    expect(summary(c)).toEqual([
      ['balance', true, 10_000, 0, 0],
      ['online', true, 0, 0, 10_000],
    ]);
    expect(defaultMethod(methodOptions(c))).toBe('balance');
  });

  it('with some balance but not enough: 余额 refused with what is there, 余额+在线 with the rest online', () => {
    const c = ctx({ balances: { balance: 2_500, giftBalance: 0, held: 0 } });
    const options = methodOptions(c);
    expect(summary(c)).toEqual([
      ['balance', false, 10_000, 0, 0],
      ['balanceOnline', true, 2_500, 0, 7_500],
      ['online', true, 0, 0, 10_000],
    ]);
    expect(options[0]?.reason).toBe('余额不足，可用¥25.00');
    expect(defaultMethod(options)).toBe('balanceOnline');
  });

  it('without any balance: no 余额+在线, online first', () => {
    const c = ctx();
    expect(summary(c).map(([m]) => m)).toEqual(['balance', 'online']);
    expect(defaultMethod(methodOptions(c))).toBe('online');
  });

  it('shows 赠送金额 only to a member who has some, usable when it covers the total', () => {
    const some = ctx({ balances: { balance: 0, giftBalance: 3_000, held: 0 } });
    const gift = methodOptions(some).find((o) => o.method === 'gift');
    expect(gift).toMatchObject({ available: false, reason: '赠送金额不足，可用¥30.00' });
    const enough = ctx({ balances: { balance: 0, giftBalance: 10_000, held: 0 } });
    expect(methodOptions(enough).find((o) => o.method === 'gift')).toMatchObject({
      available: true,
      giftPart: 10_000,
      needsPassword: true,
    });
    // The balance (invoiced) is preferred over the gift (not invoiced) when both cover it.
    expect(
      defaultMethod(
        methodOptions(ctx({ balances: { balance: 10_000, giftBalance: 10_000, held: 0 } })),
      ),
    ).toBe('balance');
  });

  it('asks the payment password for every method but online', () => {
    const c = ctx({ balances: { balance: 2_500, giftBalance: 20_000, held: 0 } });
    expect(methodOptions(c).map((o) => [o.method, o.needsPassword])).toEqual([
      ['balance', true],
      ['gift', true],
      ['balanceOnline', true],
      ['online', false],
    ]);
  });
});

describe('a switched session (decision 0009)', () => {
  it('pays online only, as the server allows', () => {
    const c = ctx({ switched: true, balances: { balance: 5_000, giftBalance: 50_000, held: 0 } });
    expect(summary(c)).toEqual([
      ['balance', false, 10_000, 0, 0],
      ['online', true, 0, 0, 10_000],
    ]);
    expect(methodOptions(c)[0]?.reason).toBe('代关联账号付款时只能使用支付宝或微信支付');
    expect(defaultMethod(methodOptions(c))).toBe('online');
  });
});

describe('online channels by where the page runs', () => {
  it('a mobile browser: Alipay and WeChat Pay H5', () => {
    expect(channelOptions('browser', false).map((c) => [c.channel, c.scene, c.available])).toEqual([
      ['alipay', 'h5', true],
      ['wechat', 'h5', true],
    ]);
  });

  it('WeChat’s browser: no Alipay; WeChat Pay by JSAPI, asking for the identity first when missing', () => {
    const without = channelOptions('wechat', false);
    expect(without.map((c) => [c.channel, c.scene, c.available, c.needsIdentity])).toEqual([
      ['alipay', 'h5', false, false],
      ['wechat', 'jsapi', true, true],
    ]);
    expect(without[0]?.reason).toContain('浏览器');
    expect(channelOptions('wechat', true)[1]?.needsIdentity).toBe(false);
    expect(defaultChannel(without)).toBe('wechat');
  });

  it('the mini-program: WeChat Pay handed to the mini-program, which logs in itself', () => {
    // No identity from the web-view is needed, nor asked for (decision 0057).
    for (const hasWxOpenId of [true, false]) {
      const channels = channelOptions('miniprogram', hasWxOpenId);
      expect(channels.map((c) => [c.channel, c.scene, c.available, c.needsIdentity])).toEqual([
        ['alipay', 'h5', false, false],
        ['wechat', 'miniprogram', true, false],
      ]);
      expect(channels[0]?.reason).toBe('小程序内无法使用支付宝');
      expect(defaultChannel(channels)).toBe('wechat');
    }
    const options = methodOptions(
      ctx({ env: 'miniprogram', balances: { balance: 2_500, giftBalance: 0, held: 0 } }),
    );
    expect(options.map((o) => [o.method, o.available])).toEqual([
      ['balance', false],
      ['balanceOnline', true],
      ['online', true],
    ]);
    expect(defaultMethod(options)).toBe('balanceOnline');
  });
});
