// Starting an online payment the way the server's answer says (its `launch`), in the way the
// page's environment allows (decisions 0056, 0057): a redirect to the provider's page (Alipay
// wap pay; WeChat Pay H5, told our origin as the Referer), WeChat's JSAPI in WeChat's own
// browser, or, inside the mini-program, a hand-off of the payment and its token to the
// mini-program's native pay page, which logs in, asks the server for `wx.requestPayment`'s
// parameters and pays. Whatever comes back (WeChat's "ok", the provider's return address) is
// only a reason to ask the server: the result screens poll it.
import type { OnlinePayment } from '@pcb/contract/payment';
import { documentNavigation } from '../../lib/document-navigation';

/**
 * The mini-program's page that pays (outside this repository; its query is our interface, and
 * decision 0057 says what the page does with it).
 */
export const MINI_PROGRAM_PAY_PAGE = '/pages/pay/pay';

export type LaunchResult =
  /** The browser is on its way to the provider's page. */
  | { type: 'left' }
  /** WeChat's bridge reported the payment made: ask the server. */
  | { type: 'submitted' }
  /** The mini-program's page has it: the member comes back to the result screen. */
  | { type: 'handedOff' }
  | { type: 'cancelled' }
  | { type: 'failed'; detail: string };

type JsapiParams = Extract<OnlinePayment['launch'], { kind: 'jsapi' }>['params'];

export interface LaunchDeps {
  assign: (url: string) => void;
  /** The same, telling the page our origin as the Referer (WeChat Pay H5 requires it). */
  assignSendingOrigin: (url: string) => void;
  /** WeChat's bridge once ready, or null when it never comes. */
  bridge: () => Promise<NonNullable<Window['WeixinJSBridge']> | null>;
  /** wx.miniProgram.navigateTo, resolved once the mini-program took the page. */
  miniProgramNavigate: (url: string) => Promise<void>;
}

const BRIDGE_WAIT_MS = 3000;

function waitForBridge(): Promise<NonNullable<Window['WeixinJSBridge']> | null> {
  if (window.WeixinJSBridge) return Promise.resolve(window.WeixinJSBridge);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      document.removeEventListener('WeixinJSBridgeReady', done);
      resolve(window.WeixinJSBridge ?? null);
    };
    const timer = setTimeout(done, BRIDGE_WAIT_MS);
    document.addEventListener('WeixinJSBridgeReady', done);
  });
}

async function navigateMiniProgram(url: string): Promise<void> {
  // WeChat's JS-SDK, loaded only inside the mini-program (the package is the official one).
  const { default: wx } = await import('./wechat-sdk.js');
  await new Promise<void>((resolve, reject) => {
    wx.miniProgram.navigateTo({
      url,
      success: () => resolve(),
      fail: (error: unknown) => reject(new Error(JSON.stringify(error))),
    });
  });
}

export const browserLaunchDeps: LaunchDeps = {
  assign: (url) => documentNavigation.assign(url),
  assignSendingOrigin: (url) => documentNavigation.assignSendingOrigin(url),
  bridge: waitForBridge,
  miniProgramNavigate: navigateMiniProgram,
};

/** The mini-program page's address: the payment number and the token that opens it. */
export function miniProgramPayUrl(outTradeNo: string, payToken: string): string {
  const query = new URLSearchParams({ outTradeNo, payToken });
  return `${MINI_PROGRAM_PAY_PAGE}?${query.toString()}`;
}

function invokeJsapi(
  bridge: NonNullable<Window['WeixinJSBridge']>,
  params: JsapiParams,
): Promise<LaunchResult> {
  return new Promise((resolve) => {
    bridge.invoke('getBrandWCPayRequest', { ...params }, (result) => {
      const message = result.err_msg ?? result.errMsg ?? '';
      if (message.endsWith(':ok')) resolve({ type: 'submitted' });
      else if (message.endsWith(':cancel')) resolve({ type: 'cancelled' });
      else resolve({ type: 'failed', detail: result.err_desc || message || '微信支付未完成' });
    });
  });
}

export async function launchPayment(
  payment: OnlinePayment,
  deps: LaunchDeps = browserLaunchDeps,
): Promise<LaunchResult> {
  const { launch } = payment;
  if (launch.kind === 'redirect') {
    // WeChat Pay's H5 page checks the Referer against the merchant's registered H5 domain;
    // Alipay's gateway needs none, and gets none.
    if (payment.channel === 'wechat') deps.assignSendingOrigin(launch.url);
    else deps.assign(launch.url);
    return { type: 'left' };
  }
  if (launch.kind === 'miniprogram') {
    try {
      await deps.miniProgramNavigate(miniProgramPayUrl(payment.outTradeNo, launch.payToken));
      return { type: 'handedOff' };
    } catch {
      return { type: 'failed', detail: '无法打开小程序支付页，请返回小程序重试' };
    }
  }
  const bridge = await deps.bridge();
  if (!bridge) return { type: 'failed', detail: '微信支付未就绪，请稍后重试' };
  return invokeJsapi(bridge, launch.params);
}
