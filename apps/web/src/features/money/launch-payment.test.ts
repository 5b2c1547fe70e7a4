import { describe, expect, it, vi } from 'vitest';
import type { OnlinePayment } from '@pcb/contract/payment';
import { MINI_PROGRAM_PAY_PAGE, launchPayment, type LaunchDeps } from './launch-payment';

const params = {
  appId: 'wx123',
  timeStamp: '1764000000',
  nonceStr: 'n0nce',
  package: 'prepay_id=wx26',
  signType: 'RSA' as const,
  paySign: 'c2lnbg==',
};
const payment = (over: Partial<OnlinePayment>): OnlinePayment => ({
  outTradeNo: 'PAY2611260001',
  channel: 'wechat',
  scene: 'jsapi',
  amount: 8_200,
  expiresAt: '2026-11-26T12:00:00+08:00',
  launch: { kind: 'jsapi', params },
  ...over,
});

function deps(bridgeResult?: { err_msg: string; err_desc?: string } | null) {
  const invoke = vi.fn((_name: string, _p: Record<string, string>, cb: (r: object) => void) =>
    cb(bridgeResult ?? {}),
  );
  const d: LaunchDeps = {
    assign: vi.fn(),
    assignSendingOrigin: vi.fn(),
    bridge: vi.fn(async () => (bridgeResult === null ? null : { invoke })),
    miniProgramNavigate: vi.fn(async () => {}),
  };
  return { d, invoke };
}

describe('starting an online payment as the server says (decision 0056)', () => {
  it('redirects to the provider’s page (Alipay wap pay, WeChat Pay H5)', async () => {
    const { d } = deps();
    const result = await launchPayment(
      payment({
        channel: 'alipay',
        scene: 'h5',
        launch: { kind: 'redirect', url: 'https://pay.example/wap?x=1' },
      }),
      d,
    );
    expect(result).toEqual({ type: 'left' });
    expect(d.assign).toHaveBeenCalledWith('https://pay.example/wap?x=1');
    expect(d.assignSendingOrigin).not.toHaveBeenCalled();
  });

  it('tells WeChat Pay’s H5 page our origin as the Referer, as it requires', async () => {
    const { d } = deps();
    const h5Url = 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx26';
    const result = await launchPayment(
      payment({ scene: 'h5', launch: { kind: 'redirect', url: h5Url } }),
      d,
    );
    expect(result).toEqual({ type: 'left' });
    expect(d.assignSendingOrigin).toHaveBeenCalledWith(h5Url);
    expect(d.assign).not.toHaveBeenCalled();
  });

  it('calls WeChat’s JSAPI with the server’s parameters, and reads its answer', async () => {
    const ok = deps({ err_msg: 'get_brand_wcpay_request:ok' });
    expect(await launchPayment(payment({}), ok.d)).toEqual({ type: 'submitted' });
    expect(ok.invoke).toHaveBeenCalledWith('getBrandWCPayRequest', params, expect.any(Function));
    const cancel = deps({ err_msg: 'get_brand_wcpay_request:cancel' });
    expect(await launchPayment(payment({}), cancel.d)).toEqual({ type: 'cancelled' });
    const fail = deps({ err_msg: 'get_brand_wcpay_request:fail', err_desc: '签名错误' });
    expect(await launchPayment(payment({}), fail.d)).toEqual({
      type: 'failed',
      detail: '签名错误',
    });
    const none = deps(null);
    expect(await launchPayment(payment({}), none.d)).toEqual({
      type: 'failed',
      detail: '微信支付未就绪，请稍后重试',
    });
  });

  it('hands the payment and its token to the mini-program’s pay page (decision 0057)', async () => {
    const { d, invoke } = deps();
    const handOff = payment({
      scene: 'miniprogram',
      launch: { kind: 'miniprogram', payToken: 'mb6x2k.c2lnbmF0dXJl' },
    });
    expect(await launchPayment(handOff, d)).toEqual({ type: 'handedOff' });
    expect(invoke).not.toHaveBeenCalled();
    const url = vi.mocked(d.miniProgramNavigate).mock.calls[0]![0];
    const [path, query] = url.split('?');
    expect(path).toBe(MINI_PROGRAM_PAY_PAGE);
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      outTradeNo: 'PAY2611260001',
      payToken: 'mb6x2k.c2lnbmF0dXJl',
    });
    vi.mocked(d.miniProgramNavigate).mockRejectedValueOnce(new Error('no'));
    expect(await launchPayment(handOff, d)).toMatchObject({ type: 'failed' });
  });
});
