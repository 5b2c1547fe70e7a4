import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NotifyRejectedError, PaymentProviderError } from '../payment/payment-provider';
import type { PayHttpClient } from './pay-http';
import {
  answerSignatureMessage,
  encryptResource,
  parseAuthorization,
  paySignMessage,
  requestSignatureMessage,
  signSha256Rsa,
  verifySha256Rsa,
} from './wechat-pay-crypto';
import { chinaTime, createWechatPayProvider, truncateUtf8 } from './wechat-pay-provider';

const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchant = pair();
const platform = pair();
const stranger = pair();
const pem = (key: KeyObject, type: 'pkcs8' | 'spki') =>
  key.export({ type, format: 'pem' }).toString();

const MCH_ID = '1900000109';
const APP_ID = 'wx8888888888888888';
const MINI_APP_ID = 'wx9999999999999999';
const API_V3_KEY = 'a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb';
const PUBLIC_KEY_ID = 'PUB_KEY_ID_0119000001092025000000000000';
const NOW = new Date('2026-11-26T10:00:00+08:00');
const nowSeconds = () => String(Math.floor(NOW.getTime() / 1000));

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | undefined;
}

/** A stand-in for api.mch.weixin.qq.com: records requests, answers signed (or not). */
function fakeWechat(
  route: (sent: Sent) => { status: number; body?: unknown; signWith?: KeyObject | null },
) {
  const sent: Sent[] = [];
  const http: PayHttpClient = async (url, init) => {
    const request = { url, ...init };
    sent.push(request);
    const { status, body, signWith = platform.privateKey } = route(request);
    const text = body === undefined ? '' : JSON.stringify(body);
    const timestamp = nowSeconds();
    const nonce = 'ANSWERNONCE';
    const headers: Record<string, string> = signWith
      ? {
          'wechatpay-timestamp': timestamp,
          'wechatpay-nonce': nonce,
          'wechatpay-serial': PUBLIC_KEY_ID,
          'wechatpay-signature': signSha256Rsa(
            answerSignatureMessage(timestamp, nonce, text),
            signWith,
          ),
        }
      : {};
    return { status, headers, text: async () => text };
  };
  return { http, sent };
}

function provider(http: PayHttpClient, extra: { miniProgramAppId?: string } = {}) {
  return createWechatPayProvider(
    {
      mchId: MCH_ID,
      appId: APP_ID,
      miniProgramAppId: extra.miniProgramAppId,
      merchantPrivateKey: pem(merchant.privateKey, 'pkcs8'),
      merchantSerialNo: '5F1C72E2A8931B72A2E13AF8DEE92471EB397115',
      apiV3Key: API_V3_KEY,
      wechatPayPublicKey: { id: PUBLIC_KEY_ID, pem: pem(platform.publicKey, 'spki') },
      apiBase: 'https://api.mch.weixin.qq.com',
    },
    { http, now: () => NOW },
  );
}

const paymentInput = {
  outTradeNo: 'WX2611260001A1',
  amountFen: 12_345,
  subject: 'PCB订单 P2611260001',
  clientIp: '203.0.113.7',
  returnUrl: 'https://m.example.com/TheOrders/paySuccess?no=P2611260001',
  notifyUrl: 'https://m.example.com/api/notify/wechat-pay',
  expiresAt: new Date('2026-11-26T10:30:00+08:00'),
};

/** Checks a request's Authorization as WeChat Pay would, and returns its JSON body. */
function checkedBody(sent: Sent): Record<string, unknown> {
  const auth = parseAuthorization(sent.headers.authorization);
  expect(auth).toMatchObject({ mchid: MCH_ID, timestamp: nowSeconds() });
  const url = new URL(sent.url);
  const message = requestSignatureMessage(
    sent.method,
    `${url.pathname}${url.search}`,
    auth!.timestamp,
    auth!.nonce_str,
    sent.body ?? '',
  );
  expect(verifySha256Rsa(message, auth!.signature, merchant.publicKey)).toBe(true);
  return sent.body ? (JSON.parse(sent.body) as Record<string, unknown>) : {};
}

describe('the WeChat Pay v3 adapter’s requests', () => {
  it('orders JSAPI with the payer openid and signs the getBrandWCPayRequest parameters', async () => {
    const fake = fakeWechat(() => ({ status: 200, body: { prepay_id: 'wx26100000abc' } }));
    const launch = await provider(fake.http).create({
      ...paymentInput,
      scene: 'jsapi',
      openId: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o',
    });
    const [sent] = fake.sent;
    expect(sent?.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/jsapi');
    expect(sent?.method).toBe('POST');
    expect(checkedBody(sent!)).toEqual({
      appid: APP_ID,
      mchid: MCH_ID,
      description: 'PCB订单 P2611260001',
      out_trade_no: 'WX2611260001A1',
      time_expire: '2026-11-26T10:30:00+08:00',
      notify_url: paymentInput.notifyUrl,
      amount: { total: 12_345, currency: 'CNY' },
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    });
    expect(launch.kind).toBe('jsapi');
    if (launch.kind !== 'jsapi') return;
    const { params } = launch;
    expect(params).toMatchObject({
      appId: APP_ID,
      timeStamp: nowSeconds(),
      package: 'prepay_id=wx26100000abc',
      signType: 'RSA',
    });
    expect(params.nonceStr).toMatch(/^[0-9A-Z]{32}$/);
    const message = paySignMessage(params.appId, params.timeStamp, params.nonceStr, params.package);
    expect(verifySha256Rsa(message, params.paySign, merchant.publicKey)).toBe(true);
  });

  it('orders the mini-program’s payment with its own appid', async () => {
    const fake = fakeWechat(() => ({ status: 200, body: { prepay_id: 'wx26100000mini' } }));
    const wechat = provider(fake.http, { miniProgramAppId: MINI_APP_ID });
    expect(wechat.scenes).toContain('miniprogram');
    const launch = await wechat.create({ ...paymentInput, scene: 'miniprogram', openId: 'oMini' });
    expect(checkedBody(fake.sent[0]!).appid).toBe(MINI_APP_ID);
    expect(launch.kind === 'jsapi' && launch.params.appId).toBe(MINI_APP_ID);
    expect(provider(fake.http).scenes).not.toContain('miniprogram');
  });

  it('orders H5 with the payer’s IP and returns h5_url with the return address', async () => {
    const h5Url =
      'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx2610&package=1405458241';
    const fake = fakeWechat(() => ({ status: 200, body: { h5_url: h5Url } }));
    const launch = await provider(fake.http).create({ ...paymentInput, scene: 'h5' });
    const body = checkedBody(fake.sent[0]!);
    expect(fake.sent[0]?.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/h5');
    expect(body.scene_info).toEqual({
      payer_client_ip: '203.0.113.7',
      h5_info: { type: 'Wap' },
    });
    expect(body).not.toHaveProperty('payer');
    expect(launch).toEqual({
      kind: 'redirect',
      url: `${h5Url}&redirect_url=${encodeURIComponent(paymentInput.returnUrl)}`,
    });
  });

  it('refuses an answer that WeChat Pay did not sign, or signed long ago', async () => {
    const unsigned = fakeWechat(() => ({ status: 200, body: { prepay_id: 'x' }, signWith: null }));
    await expect(provider(unsigned.http).create({ ...paymentInput, scene: 'h5' })).rejects.toThrow(
      PaymentProviderError,
    );
    const forged = fakeWechat(() => ({
      status: 200,
      body: { h5_url: 'https://evil.example/' },
      signWith: stranger.privateKey,
    }));
    await expect(provider(forged.http).create({ ...paymentInput, scene: 'h5' })).rejects.toThrow(
      /signature does not verify/,
    );
    const late = createWechatPayProvider(
      {
        mchId: MCH_ID,
        appId: APP_ID,
        merchantPrivateKey: pem(merchant.privateKey, 'pkcs8'),
        merchantSerialNo: 'S',
        apiV3Key: API_V3_KEY,
        wechatPayPublicKey: { id: PUBLIC_KEY_ID, pem: pem(platform.publicKey, 'spki') },
        apiBase: 'https://api.mch.weixin.qq.com',
      },
      {
        http: fakeWechat(() => ({ status: 200, body: { h5_url: 'https://x/' } })).http,
        now: () => new Date(NOW.getTime() + 6 * 60_000),
      },
    );
    await expect(late.create({ ...paymentInput, scene: 'h5' })).rejects.toThrow(/timestamp/);
  });

  it('reports WeChat Pay’s error code', async () => {
    const fake = fakeWechat(() => ({
      status: 403,
      body: { code: 'OUT_TRADE_NO_USED', message: '商户订单号重复' },
    }));
    const error = await provider(fake.http)
      .create({ ...paymentInput, scene: 'h5' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).code).toBe('OUT_TRADE_NO_USED');
  });

  it('queries by out_trade_no with the mchid, and reads the states', async () => {
    const paid = {
      appid: APP_ID,
      mchid: MCH_ID,
      out_trade_no: 'WX2611260001A1',
      transaction_id: '4200000985202611260000000001',
      trade_type: 'JSAPI',
      trade_state: 'SUCCESS',
      success_time: '2026-11-26T10:05:00+08:00',
      amount: { total: 12_345, payer_total: 12_345, currency: 'CNY' },
    };
    let answer: { status: number; body: unknown } = { status: 200, body: paid };
    const fake = fakeWechat(() => answer);
    const wechat = provider(fake.http);
    expect(await wechat.query('WX2611260001A1')).toEqual({
      channel: 'wechat',
      outTradeNo: 'WX2611260001A1',
      providerTradeNo: '4200000985202611260000000001',
      status: 'paid',
      amountFen: 12_345,
      merchantId: MCH_ID,
      paidAt: new Date('2026-11-26T02:05:00Z'),
    });
    expect(fake.sent[0]?.url).toBe(
      'https://api.mch.weixin.qq.com/v3/pay/transactions/out-trade-no/WX2611260001A1?mchid=1900000109',
    );
    expect(fake.sent[0]?.method).toBe('GET');
    checkedBody(fake.sent[0]!);
    answer = { status: 200, body: { ...paid, trade_state: 'NOTPAY', transaction_id: undefined } };
    expect(await wechat.query('WX2611260001A1')).toMatchObject({ status: 'pending', paidAt: null });
    answer = { status: 200, body: { ...paid, trade_state: 'CLOSED' } };
    expect(await wechat.query('WX2611260001A1')).toMatchObject({ status: 'closed' });
    // A failed payment is never paid afterwards: closed, as the sandbox's 支付失败 leaves it.
    answer = { status: 200, body: { ...paid, trade_state: 'PAYERROR', transaction_id: undefined } };
    expect(await wechat.query('WX2611260001A1')).toMatchObject({ status: 'closed', paidAt: null });
    answer = { status: 404, body: { code: 'ORDER_NOT_EXIST', message: '订单不存在' } };
    expect(await wechat.query('WX2611260001A1')).toBeNull();
    // An answer about another payment is not an answer about this one.
    answer = { status: 200, body: { ...paid, out_trade_no: 'WX-OTHER-0001' } };
    await expect(wechat.query('WX2611260001A1')).rejects.toThrow(PaymentProviderError);
  });

  it('closes with the mchid in the body; closing a closed one is done, a paid one is not', async () => {
    let answer: { status: number; body?: unknown } = { status: 204 };
    const fake = fakeWechat(() => answer);
    const wechat = provider(fake.http);
    await wechat.close('WX2611260001A1');
    expect(fake.sent[0]?.url).toBe(
      'https://api.mch.weixin.qq.com/v3/pay/transactions/out-trade-no/WX2611260001A1/close',
    );
    expect(checkedBody(fake.sent[0]!)).toEqual({ mchid: MCH_ID });
    answer = { status: 400, body: { code: 'ORDER_CLOSED', message: '订单已关闭' } };
    await wechat.close('WX2611260001A1');
    answer = { status: 400, body: { code: 'ORDERPAID', message: '订单已支付' } };
    await expect(wechat.close('WX2611260001A1')).rejects.toMatchObject({ code: 'ORDERPAID' });
  });

  it('refunds with the original amount, and queries the refund', async () => {
    const refund = {
      refund_id: '50300000000000000000000000001',
      out_refund_no: 'RF2611260001',
      transaction_id: '4200000985202611260000000001',
      out_trade_no: 'WX2611260001A1',
      status: 'PROCESSING',
      amount: { total: 12_345, refund: 2_345, payer_total: 12_345, payer_refund: 2_345 },
    };
    let answer: { status: number; body: unknown } = { status: 200, body: refund };
    const fake = fakeWechat(() => answer);
    const wechat = provider(fake.http);
    const result = await wechat.refund({
      outTradeNo: 'WX2611260001A1',
      outRefundNo: 'RF2611260001',
      refundFen: 2_345,
      totalFen: 12_345,
      reason: '订单取消',
      notifyUrl: 'https://m.example.com/api/notify/wechat-pay',
    });
    expect(result).toEqual({
      channel: 'wechat',
      outTradeNo: 'WX2611260001A1',
      outRefundNo: 'RF2611260001',
      providerRefundNo: '50300000000000000000000000001',
      status: 'processing',
      refundFen: 2_345,
    });
    expect(fake.sent[0]?.url).toBe('https://api.mch.weixin.qq.com/v3/refund/domestic/refunds');
    expect(checkedBody(fake.sent[0]!)).toEqual({
      out_trade_no: 'WX2611260001A1',
      out_refund_no: 'RF2611260001',
      reason: '订单取消',
      notify_url: 'https://m.example.com/api/notify/wechat-pay',
      amount: { refund: 2_345, total: 12_345, currency: 'CNY' },
    });
    answer = { status: 200, body: { ...refund, status: 'SUCCESS' } };
    expect(await wechat.queryRefund('WX2611260001A1', 'RF2611260001')).toMatchObject({
      status: 'success',
    });
    expect(fake.sent[1]?.url).toBe(
      'https://api.mch.weixin.qq.com/v3/refund/domestic/refunds/RF2611260001',
    );
    answer = { status: 200, body: { ...refund, status: 'ABNORMAL' } };
    expect(await wechat.queryRefund('WX2611260001A1', 'RF2611260001')).toMatchObject({
      status: 'failed',
    });
    expect(await wechat.queryRefund('WX-OTHER-0001', 'RF2611260001')).toBeNull();
    answer = { status: 404, body: { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' } };
    expect(await wechat.queryRefund('WX2611260001A1', 'RF2611260001')).toBeNull();
  });

  it('writes times in China time and cuts descriptions at 127 bytes', () => {
    expect(chinaTime(new Date('2026-11-26T17:30:00Z'))).toBe('2026-11-27T01:30:00+08:00');
    const long = '嘉'.repeat(50);
    expect(Buffer.byteLength(truncateUtf8(long, 127))).toBe(126);
    expect(truncateUtf8('abc', 127)).toBe('abc');
  });
});

/** A notify as WeChat Pay sends it; each part can be spoiled by a test. */
function notify(
  options: {
    content?: Record<string, unknown>;
    eventType?: string;
    originalType?: string;
    key?: string;
    signWith?: KeyObject;
    serial?: string;
    timestamp?: string;
    spoil?: (body: string) => string;
    spoilCiphertext?: (sealed: Buffer) => Buffer;
  } = {},
) {
  const originalType = options.originalType ?? 'transaction';
  const content = options.content ?? {
    appid: APP_ID,
    mchid: MCH_ID,
    out_trade_no: 'WX2611260001A1',
    transaction_id: '4200000985202611260000000001',
    trade_type: 'JSAPI',
    trade_state: 'SUCCESS',
    trade_state_desc: '支付成功',
    bank_type: 'OTHERS',
    attach: '',
    success_time: '2026-11-26T10:05:00+08:00',
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total: 12_345, payer_total: 12_345, currency: 'CNY', payer_currency: 'CNY' },
  };
  const resource = encryptResource(
    Buffer.from(options.key ?? API_V3_KEY),
    JSON.stringify(content),
    originalType,
  );
  if (options.spoilCiphertext) {
    resource.ciphertext = options
      .spoilCiphertext(Buffer.from(resource.ciphertext, 'base64'))
      .toString('base64');
  }
  let body = JSON.stringify({
    id: 'EV-2018022511223320873',
    create_time: '2026-11-26T10:05:01+08:00',
    resource_type: 'encrypt-resource',
    event_type: options.eventType ?? 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: { original_type: originalType, ...resource },
  });
  const timestamp = options.timestamp ?? nowSeconds();
  const nonce = 'fdasflkja484w';
  const signature = signSha256Rsa(
    answerSignatureMessage(timestamp, nonce, body),
    options.signWith ?? platform.privateKey,
  );
  if (options.spoil) body = options.spoil(body);
  return {
    headers: {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': signature,
      'Wechatpay-Serial': options.serial ?? PUBLIC_KEY_ID,
      'Content-Type': 'application/json',
    },
    rawBody: body,
  };
}

describe('the WeChat Pay v3 adapter’s notifies', () => {
  const wechat = provider(fakeWechat(() => ({ status: 500 })).http, {
    miniProgramAppId: MINI_APP_ID,
  });

  it('reads a genuine payment notify', async () => {
    expect(await wechat.verifyNotify(notify())).toEqual({
      kind: 'payment',
      transaction: {
        channel: 'wechat',
        outTradeNo: 'WX2611260001A1',
        providerTradeNo: '4200000985202611260000000001',
        status: 'paid',
        amountFen: 12_345,
        merchantId: MCH_ID,
        paidAt: new Date('2026-11-26T02:05:00Z'),
      },
    });
  });

  it('reads a genuine refund notify (REFUND.SUCCESS, REFUND.ABNORMAL)', async () => {
    const content = {
      mchid: MCH_ID,
      out_trade_no: 'WX2611260001A1',
      transaction_id: '4200000985202611260000000001',
      out_refund_no: 'RF2611260001',
      refund_id: '50300000000000000000000000001',
      refund_status: 'SUCCESS',
      success_time: '2026-11-26T11:00:00+08:00',
      user_received_account: '支付用户零钱',
      amount: { total: 12_345, refund: 2_345, payer_total: 12_345, payer_refund: 2_345 },
    };
    const event = await wechat.verifyNotify(
      notify({ content, eventType: 'REFUND.SUCCESS', originalType: 'refund' }),
    );
    expect(event).toEqual({
      kind: 'refund',
      refund: {
        channel: 'wechat',
        outTradeNo: 'WX2611260001A1',
        outRefundNo: 'RF2611260001',
        providerRefundNo: '50300000000000000000000000001',
        status: 'success',
        refundFen: 2_345,
      },
    });
    const abnormal = await wechat.verifyNotify(
      notify({
        content: { ...content, refund_status: 'ABNORMAL' },
        eventType: 'REFUND.ABNORMAL',
        originalType: 'refund',
      }),
    );
    expect(abnormal.kind === 'refund' && abnormal.refund.status).toBe('failed');
  });

  const forgeries: [string, Parameters<typeof notify>[0]][] = [
    ['signed with another key', { signWith: stranger.privateKey }],
    ['encrypted with another APIv3 key', { key: 'b7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb' }],
    [
      'an altered ciphertext',
      {
        spoilCiphertext: (b) => {
          b[3] = (b[3] ?? 0) ^ 0x20;
          return b;
        },
      },
    ],
    [
      'an altered tag',
      {
        spoilCiphertext: (b) => {
          b[b.length - 1] = (b[b.length - 1] ?? 0) ^ 1;
          return b;
        },
      },
    ],
    ['a changed body after signing', { spoil: (b) => b.replace('支付成功', '支付成功 ') }],
    [
      'a changed amount (re-encrypted, so the signature no longer covers it)',
      {
        spoil: (b) => {
          const envelope = JSON.parse(b) as { resource: Record<string, unknown> };
          const forged = encryptResource(
            Buffer.from(API_V3_KEY),
            JSON.stringify({
              appid: APP_ID,
              mchid: MCH_ID,
              out_trade_no: 'WX2611260001A1',
              trade_state: 'SUCCESS',
              amount: { total: 1 },
            }),
            'transaction',
          );
          return JSON.stringify({ ...envelope, resource: { ...envelope.resource, ...forged } });
        },
      },
    ],
    [
      'another merchant’s payment',
      {
        content: {
          appid: APP_ID,
          mchid: '1900000999',
          out_trade_no: 'WX2611260001A1',
          transaction_id: '4200000985202611260000000001',
          trade_state: 'SUCCESS',
          success_time: '2026-11-26T10:05:00+08:00',
          amount: { total: 12_345 },
        },
      },
    ],
    [
      'another app’s payment',
      {
        content: {
          appid: 'wx0000000000000000',
          mchid: MCH_ID,
          out_trade_no: 'WX2611260001A1',
          transaction_id: '4200000985202611260000000001',
          trade_state: 'SUCCESS',
          success_time: '2026-11-26T10:05:00+08:00',
          amount: { total: 12_345 },
        },
      },
    ],
    ['a stale timestamp (6 minutes)', { timestamp: String(Number(nowSeconds()) - 360) }],
    ['a timestamp from the future', { timestamp: String(Number(nowSeconds()) + 360) }],
    ['a serial we do not know', { serial: 'PUB_KEY_ID_0119000001092025999999999999' }],
    ['an event we do not handle', { eventType: 'TRANSACTION.PAYSCORE' }],
  ];

  it.each(forgeries)('rejects a notify with %s', async (_name, spoil) => {
    await expect(wechat.verifyNotify(notify(spoil))).rejects.toThrow(NotifyRejectedError);
  });

  it('rejects WeChat Pay’s signature probe and a notify without its headers', async () => {
    const genuine = notify();
    await expect(
      wechat.verifyNotify({
        ...genuine,
        headers: { ...genuine.headers, 'Wechatpay-Signature': 'WECHATPAY/SIGNTEST/abc' },
      }),
    ).rejects.toThrow(NotifyRejectedError);
    await expect(wechat.verifyNotify({ headers: {}, rawBody: genuine.rawBody })).rejects.toThrow(
      /headers missing/,
    );
  });

  it('answers 204 when accepted and a FAIL body otherwise', () => {
    expect(wechat.notifyReply(true)).toMatchObject({ status: 204, body: '' });
    const refused = wechat.notifyReply(false);
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(refused.body)).toEqual({ code: 'FAIL', message: '失败' });
  });

  it('insists on a 32-byte APIv3 key and a way to verify WeChat Pay', () => {
    const base = {
      mchId: MCH_ID,
      appId: APP_ID,
      merchantPrivateKey: pem(merchant.privateKey, 'pkcs8'),
      merchantSerialNo: 'S',
      apiBase: 'https://api.mch.weixin.qq.com',
    };
    const http = fakeWechat(() => ({ status: 500 })).http;
    expect(() =>
      createWechatPayProvider(
        {
          ...base,
          apiV3Key: 'short',
          wechatPayPublicKey: { id: 'x', pem: pem(platform.publicKey, 'spki') },
        },
        { http },
      ),
    ).toThrow(/32 bytes/);
    expect(() => createWechatPayProvider({ ...base, apiV3Key: API_V3_KEY }, { http })).toThrow(
      /public key or a platform certificate/,
    );
  });
});
