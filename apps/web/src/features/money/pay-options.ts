// Which ways to pay the pay sheet offers, from the server's figures (the order's total, the
// balances) and where the page runs. Pure: the sheet renders what this says and the tests state
// every case (decision 0056). The server checks all of it again; these rules only keep the
// sheet from offering what it would refuse.
import type { Balances } from '@pcb/contract/member-advance-payment';
import type { PayMethod, PayScene, PaymentChannelName } from '@pcb/contract/payment';
import { formatFen } from '../../lib/money';
import { isMiniProgram, isWeChatBrowser } from '../../lib/wechat';

/** Where the page runs: a mobile browser, WeChat's own browser, the mini-program's web-view. */
export type PayEnvironment = 'browser' | 'wechat' | 'miniprogram';

export function detectPayEnvironment(): PayEnvironment {
  if (isMiniProgram()) return 'miniprogram';
  return isWeChatBrowser() ? 'wechat' : 'browser';
}

export interface ChannelOption {
  channel: PaymentChannelName;
  /** What the server is asked for (`scene`): H5, JSAPI or the mini-program's hand-off. */
  scene: PayScene;
  available: boolean;
  /** Why not, when not available. */
  reason: string | null;
  /**
   * WeChat Pay in WeChat's browser needs the member's WeChat identity, which the page has not
   * got yet: choosing it first asks WeChat for it (the authorization page, then back).
   */
  needsIdentity: boolean;
}

/** The online channels the page can start here. */
export function channelOptions(env: PayEnvironment, hasWxOpenId: boolean): ChannelOption[] {
  switch (env) {
    case 'browser':
      return [
        { channel: 'alipay', scene: 'h5', available: true, reason: null, needsIdentity: false },
        { channel: 'wechat', scene: 'h5', available: true, reason: null, needsIdentity: false },
      ];
    case 'wechat':
      return [
        {
          channel: 'alipay',
          scene: 'h5',
          available: false,
          reason: '微信内无法打开支付宝，请在手机浏览器中打开本页',
          needsIdentity: false,
        },
        {
          channel: 'wechat',
          scene: 'jsapi',
          available: true,
          reason: null,
          needsIdentity: !hasWxOpenId,
        },
      ];
    case 'miniprogram':
      return [
        {
          channel: 'alipay',
          scene: 'h5',
          available: false,
          reason: '小程序内无法使用支付宝',
          needsIdentity: false,
        },
        {
          channel: 'wechat',
          scene: 'miniprogram',
          // The web-view cannot ask WeChat for an identity (spec section 4), and needs none: the
          // mini-program's own pay page logs in and pays (decision 0057).
          available: true,
          reason: null,
          needsIdentity: false,
        },
      ];
  }
}

export interface MethodOption {
  method: PayMethod;
  available: boolean;
  /** Why not, when not available. */
  reason: string | null;
  /** Every method but `online` takes the payment password. */
  needsPassword: boolean;
  /** What each part would be, from the server's figures, fen. */
  balancePart: number;
  giftPart: number;
  onlinePart: number;
}

export interface PayContext {
  /** The order's payable total, as the server answered it. */
  total: number;
  balances: Balances;
  env: PayEnvironment;
  hasWxOpenId: boolean;
  /**
   * Acting in a related member's account (decision 0009): the server lets a colleague pay the
   * order online only, never from the account's balances.
   */
  switched?: boolean;
}

/** The server's own words for it. */
export const SWITCHED_PAY_REASON = '代关联账号付款时只能使用支付宝或微信支付';

/**
 * The methods in the order the sheet lists them. 余额 pays it all when the balance covers the
 * total; 赠送金额 likewise (shown only to a member who has some); 余额+在线 takes all of the
 * balance and the rest online, offered only when the balance is some but not enough; 在线支付
 * when a channel works here.
 */
export function methodOptions(ctx: PayContext): MethodOption[] {
  const { total, balances } = ctx;
  const online = channelOptions(ctx.env, ctx.hasWxOpenId).some((c) => c.available);
  const noOnline = '当前环境无法在线支付';
  const switched = ctx.switched === true;
  const options: MethodOption[] = [];
  options.push({
    method: 'balance',
    available: !switched && balances.balance >= total,
    reason: switched
      ? SWITCHED_PAY_REASON
      : balances.balance >= total
        ? null
        : `余额不足，可用${formatFen(balances.balance)}`,
    needsPassword: true,
    balancePart: total,
    giftPart: 0,
    onlinePart: 0,
  });
  if (balances.giftBalance > 0 && !switched) {
    options.push({
      method: 'gift',
      available: balances.giftBalance >= total,
      reason:
        balances.giftBalance >= total
          ? null
          : `赠送金额不足，可用${formatFen(balances.giftBalance)}`,
      needsPassword: true,
      balancePart: 0,
      giftPart: total,
      onlinePart: 0,
    });
  }
  if (balances.balance > 0 && balances.balance < total && !switched) {
    options.push({
      method: 'balanceOnline',
      available: online,
      reason: online ? null : noOnline,
      needsPassword: true,
      balancePart: balances.balance,
      giftPart: 0,
      onlinePart: total - balances.balance,
    });
  }
  options.push({
    method: 'online',
    available: online,
    reason: online ? null : noOnline,
    needsPassword: false,
    balancePart: 0,
    giftPart: 0,
    onlinePart: total,
  });
  return options;
}

/** What the sheet selects at first: the balance when it covers the order, else part of it. */
export function defaultMethod(options: MethodOption[]): PayMethod | null {
  for (const method of ['balance', 'balanceOnline', 'online', 'gift'] as const) {
    if (options.some((o) => o.method === method && o.available)) return method;
  }
  return null;
}

/** The channel selected at first: the first that works here. */
export function defaultChannel(channels: ChannelOption[]): PaymentChannelName | null {
  return channels.find((c) => c.available)?.channel ?? null;
}

/** Whether a method pays (part) online. */
export const paysOnline = (method: PayMethod) => method === 'online' || method === 'balanceOnline';
