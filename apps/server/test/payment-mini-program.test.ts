import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WechatPayOrder, type MiniProgramPay } from '@pcb/contract/payment';
import {
  SANDBOX_WECHAT_MINIPROGRAM_APP_ID,
  SANDBOX_USER_COOKIE,
  sandboxOpenId,
} from '../src/integrations/wechat/sandbox-wechat';
import { sandboxJsapiPageUrl } from '../src/integrations/wechat-pay/wechat-pay-sandbox';
import { call, unchecked } from './call';
import { buildTestApp, type TestApp } from './helper';
import { staffSessions, type StaffSessions } from './order-lifecycle-support';
import {
  expectBooksClean,
  pay,
  payer,
  payModule,
  unpaidOrder,
  type Member,
} from './payment-support';

/**
 * WeChat Pay inside the mini-program (decision 0057), on the default app: the WeChat sandbox
 * plays the mini-program's login (wx.login, code2Session) and the WeChat Pay sandbox the
 * payment. Our page hands the payment and a token to the mini-program's pay page; that page
 * (played here) logs in and asks WechatPayOrder/MiniProgramPay for wx.requestPayment's
 * parameters, signed for the mini-program's appid and its user's openid.
 */
let t: TestApp;
let staff: StaffSessions;
beforeAll(async () => {
  t = await buildTestApp();
  staff = await staffSessions(t);
});
afterAll(async () => t?.close());

const p = () => ({ t, staff });

/** What wx.login gives the mini-program of this phone's WeChat user: a code, used once. */
async function wxLogin(user = 'phone-1'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/sandbox/wechat/miniprogram/login?appid=${SANDBOX_WECHAT_MINIPROGRAM_APP_ID}`,
    headers: { cookie: `${SANDBOX_USER_COOKIE}=${user}` },
  });
  expect(res.statusCode).toBe(200);
  return (res.json() as { code: string }).code;
}

/** Pay online with WeChat Pay inside the mini-program: the hand-off's number and token. */
async function payInMiniProgram(m: Member, order: { id: number }) {
  const res = await call(
    t,
    payModule.pcb.Pay,
    {
      id: order.id,
      requestId: randomUUID(),
      method: 'online',
      channel: 'wechat',
      scene: 'miniprogram',
    },
    { token: m.token },
  );
  expect(res.status, res.body.message).toBe(200);
  const payment = res.body.data.payment!;
  if (payment.launch.kind !== 'miniprogram') throw new Error('expected a mini-program hand-off');
  return { outTradeNo: payment.outTradeNo, payToken: payment.launch.payToken, payment };
}

const miniProgramPay = (input: { outTradeNo: string; payToken: string; code: string }) =>
  call(t, WechatPayOrder.MiniProgramPay, input);

/** The sandbox's wx.requestPayment: checks paySign and the appid, then the payer's choice. */
async function requestPayment(params: MiniProgramPay['params']) {
  const page = await t.app.inject({
    method: 'GET',
    url: sandboxJsapiPageUrl('http://localhost', params, 'http://localhost/').replace(
      'http://localhost',
      '',
    ),
  });
  expect(page.statusCode, page.body).toBe(200);
  const paid = await t.app.inject({
    method: 'POST',
    url: '/sandbox/wechat-pay/pay',
    payload: { prepay_id: params.package.replace('prepay_id=', ''), outcome: 'success' },
  });
  expect(paid.json()).toMatchObject({ err_msg: 'get_brand_wcpay_request:ok' });
}

describe('WeChat Pay inside the mini-program', () => {
  it('hands a token to the pay page, which logs in and pays as the mini-program’s user', async () => {
    const m = await payer(t);
    const order = await unpaidOrder(p(), m);
    const { outTradeNo, payToken, payment } = await payInMiniProgram(m, order);
    // No identity from the page, no provider call yet: the token and the amount.
    expect(payment).toMatchObject({ channel: 'wechat', scene: 'miniprogram', amount: order.total });
    expect(payToken).toMatch(/^[0-9a-z]+\.[\w-]{43}$/);

    const first = await miniProgramPay({ outTradeNo, payToken, code: await wxLogin() });
    expect(first.status, first.body.message).toBe(200);
    const { params } = first.body.data;
    expect(first.body.data).toMatchObject({ outTradeNo, amount: order.total });
    expect(params).toMatchObject({ appId: SANDBOX_WECHAT_MINIPROGRAM_APP_ID, signType: 'RSA' });
    expect(params.package).toMatch(/^prepay_id=wx/);
    // WeChat Pay was asked for the mini-program's user, under the mini-program's appid.
    const { rows } = await t.database.pool.query<{ appid: string; openid: string }>(
      'SELECT appid, openid FROM wechat_pay_sandbox_trades WHERE out_trade_no = $1',
      [outTradeNo],
    );
    expect(rows).toEqual([
      {
        appid: SANDBOX_WECHAT_MINIPROGRAM_APP_ID,
        openid: sandboxOpenId(
          t.app.platform.sandbox.wechatOpenIdKey,
          SANDBOX_WECHAT_MINIPROGRAM_APP_ID,
          'phone-1',
        ),
      },
    ]);

    // The page asks again (a lost answer, a second tap): the same payment.
    const again = await miniProgramPay({ outTradeNo, payToken, code: await wxLogin() });
    expect(again.body.data.params).toEqual(params);

    await requestPayment(params);
    const status = await call(t, WechatPayOrder.Get, { outTradeNo }, { token: m.token });
    expect(status.body.data).toMatchObject({ status: 'paid', outcome: 'paidOrder' });
    // Paid: the pay page has nothing more to ask.
    const after = await miniProgramPay({ outTradeNo, payToken, code: await wxLogin() });
    expect(after.status).toBe(409);
    expect(after.body.message).toBe('该笔支付已结束，请返回查看支付结果');
    await expectBooksClean(t);
  });

  it('of 60 pay pages asking at once, every one gets the same payment', async () => {
    const m = await payer(t);
    const order = await unpaidOrder(p(), m);
    const { outTradeNo, payToken } = await payInMiniProgram(m, order);
    const codes = await Promise.all(Array.from({ length: 60 }, () => wxLogin()));
    const answers = await Promise.all(
      codes.map((code) => miniProgramPay({ outTradeNo, payToken, code })),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const packages = new Set(answers.map((a) => a.body.data.params.package));
    expect(packages.size).toBe(1);
  });

  it('refuses a token that is forged, another payment’s or expired, and a code WeChat refuses', async () => {
    const m = await payer(t);
    const order = await unpaidOrder(p(), m);
    const mine = await payInMiniProgram(m, order);
    const someoneElse = await payer(t);
    const other = await payInMiniProgram(someoneElse, await unpaidOrder(p(), someoneElse));

    for (const payToken of [
      `${mine.payToken.slice(0, -2)}AA`,
      other.payToken,
      'zzzzzz.abc',
      mine.payToken.split('.')[1]!,
    ]) {
      const res = await miniProgramPay({
        outTradeNo: mine.outTradeNo,
        payToken,
        code: await wxLogin(),
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message: '支付凭证无效或已过期，请返回重新发起支付',
        field: 'payToken',
      });
    }

    // A code WeChat does not know, and one already used.
    const unknown = await miniProgramPay({ ...mine, code: 'not-a-wx-login-code' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      message: '微信登录凭证无效或已使用，请重试',
      field: 'code',
    });
    const code = await wxLogin();
    const used = await t.app.platform.wechat.miniProgram!.exchangeCode(code);
    expect(used.openid).toMatch(/^o/);
    expect((await miniProgramPay({ ...mine, code })).body.field).toBe('code');

    // Not something the contract takes.
    const junk = await call(
      t,
      WechatPayOrder.MiniProgramPay,
      unchecked({ outTradeNo: mine.outTradeNo, payToken: 'a b', code: '<script>' }),
    );
    expect(junk.status).toBe(400);

    // Ten minutes on, the token has expired, though the payment has not.
    t.clock.advance(10 * 60_000 + 1000);
    const late = await miniProgramPay({ ...mine, code: await wxLogin() });
    expect(late.body.field).toBe('payToken');
  });

  it('a payment replaced meanwhile (the member paid another way) is over for the pay page', async () => {
    const m = await payer(t);
    const order = await unpaidOrder(p(), m);
    const first = await payInMiniProgram(m, order);
    expect((await pay(t, m, order, 'online', { channel: 'alipay' })).status).toBe(200);
    const res = await miniProgramPay({ ...first, code: await wxLogin() });
    expect(res.status).toBe(409);
  });

  it('JSAPI in WeChat’s browser still takes the page’s sealed identity, the mini-program none', async () => {
    const m = await payer(t);
    const order = await unpaidOrder(p(), m);
    const jsapi = await call(
      t,
      payModule.pcb.Pay,
      {
        id: order.id,
        requestId: randomUUID(),
        method: 'online',
        channel: 'wechat',
        scene: 'jsapi',
      },
      { token: m.token },
    );
    expect(jsapi.status).toBe(400);
    expect(jsapi.body.field).toBe('wxOpenId');
  });
});

describe('without a mini-program configured', () => {
  it('refuses the mini-program scene: nothing could give its user’s openid', async () => {
    const real = await buildTestApp({
      databaseUrl: t.databaseUrl,
      env: { WECHAT_APP_ID: 'wx0123456789abcdef', WECHAT_APP_SECRET: 'secret' },
    });
    try {
      expect(real.app.platform.wechat.miniProgram).toBeNull();
      const m = await payer(real);
      const order = await unpaidOrder({ t: real, staff: await staffSessions(real) }, m);
      const res = await call(
        real,
        payModule.pcb.Pay,
        {
          id: order.id,
          requestId: randomUUID(),
          method: 'online',
          channel: 'wechat',
          scene: 'miniprogram',
        },
        { token: m.token },
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message: '该支付方式不支持当前环境，请选择其他方式',
        field: 'scene',
      });
    } finally {
      await real.close();
    }
  });
});
