import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  REAL_NOTIFY_ALIPAY_PUBLIC_KEY,
  REAL_NOTIFY_FIELDS,
  TEST_MERCHANT_PRIVATE_KEY,
  TEST_MERCHANT_PUBLIC_KEY,
} from '../../../test/fixtures/alipay';
import {
  NotifyRejectedError,
  PaymentProviderError,
  type CreatePaymentInput,
} from '../payment/payment-provider';
import type { HttpClient } from '../wechat/wechat-api';
import { createAlipayProvider, type AlipaySettings } from './alipay-provider';
import {
  loadPrivateKey,
  loadPublicKey,
  notifySignContent,
  parseForm,
  requestSignContent,
  signRsa2,
  verifyRsa2,
} from './alipay-sign';

const REAL_APP = { appId: '2019073166072302', sellerId: '2088531891668739' };
const NOW = new Date('2026-11-26T04:00:00Z'); // 12:00 in Beijing

/** A stand-in for Alipay's own key pair: answers in these tests are signed with it. */
const alipayPair = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const alipaySigner = loadPrivateKey(alipayPair.privateKey);

interface Sent {
  url: URL;
  body: Record<string, string>;
}

/** A gateway that records each request and answers with the given text. */
function gateway(answer: (sent: Sent) => string | { status: number; text: string }) {
  const sent: Sent[] = [];
  const http: HttpClient = async (url, init) => {
    const request = { url: new URL(url), body: parseForm(init?.body ?? '') ?? {} };
    sent.push(request);
    const reply = answer(request);
    const { status, text } = typeof reply === 'string' ? { status: 200, text: reply } : reply;
    return { status, text: async () => text };
  };
  return { http, sent };
}

/** Alipay's answer text, signed over the object's text as sent ('/' escaped as Alipay does). */
function signedAnswer(method: string, fields: Record<string, string>, sign = true) {
  const inner = JSON.stringify(fields).replaceAll('/', '\\/');
  const key = `${method.replaceAll('.', '_')}_response`;
  return sign
    ? `{"${key}":${inner},"sign":"${signRsa2(inner, alipaySigner)}"}`
    : `{"${key}":${inner}}`;
}

function provider(http: HttpClient, overrides: Partial<AlipaySettings> = {}) {
  return createAlipayProvider(
    {
      ...REAL_APP,
      merchantPrivateKey: TEST_MERCHANT_PRIVATE_KEY,
      alipayPublicKey: alipayPair.publicKey,
      gatewayUrl: 'https://openapi.alipay.com/gateway.do',
      ...overrides,
    },
    { http, now: () => NOW },
  );
}

const payment: CreatePaymentInput = {
  outTradeNo: 'PAY2611260001',
  amountFen: 1230,
  subject: 'PCB订单 P2611260001 a/b=c&d',
  scene: 'h5',
  clientIp: '203.0.113.9',
  returnUrl: 'https://m.example.com/TheOrders/paySuccess?no=PAY2611260001',
  notifyUrl: 'https://m.example.com/api/pay/alipay/notify',
  expiresAt: new Date('2026-11-26T04:30:00Z'),
};

describe('createAlipayProvider: the wap-pay page', () => {
  it('sends the member to the gateway with every parameter signed by the merchant key', async () => {
    const launch = await provider(gateway(() => '').http).create(payment);
    if (launch.kind !== 'redirect') throw new Error('expected a redirect');
    const url = new URL(launch.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://openapi.alipay.com/gateway.do');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      app_id: REAL_APP.appId,
      method: 'alipay.trade.wap.pay',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      timestamp: '2026-11-26 12:00:00',
      return_url: payment.returnUrl,
      notify_url: payment.notifyUrl,
    });
    expect(JSON.parse(params.biz_content ?? '')).toEqual({
      out_trade_no: 'PAY2611260001',
      total_amount: '12.30',
      subject: 'PCB订单 P2611260001 a b c d',
      product_code: 'QUICK_WAP_WAY',
      time_expire: '2026-11-26 12:30:00',
      quit_url: payment.returnUrl,
    });
    const merchantKey = loadPublicKey(TEST_MERCHANT_PUBLIC_KEY);
    expect(verifyRsa2(requestSignContent(params), params.sign ?? '', merchantKey)).toBe(true);
  });

  it('sends a member who leaves the cashier to the quit URL when there is one', async () => {
    const quitUrl = 'https://m.example.com/TheOrders/payFail?reason=cancelled';
    const launch = await provider(gateway(() => '').http).create({ ...payment, quitUrl });
    if (launch.kind !== 'redirect') throw new Error('expected a redirect');
    const params = Object.fromEntries(new URL(launch.url).searchParams);
    expect(params.return_url).toBe(payment.returnUrl);
    expect(JSON.parse(params.biz_content ?? '')).toMatchObject({ quit_url: quitUrl });
  });

  it('puts a gateway path on the origin of the return URL (the sandbox)', async () => {
    const launch = await provider(gateway(() => '').http, {
      pageGatewayUrl: '/sandbox/alipay/gateway.do',
    }).create(payment);
    expect(launch.kind === 'redirect' && launch.url).toMatch(
      /^https:\/\/m\.example\.com\/sandbox\/alipay\/gateway\.do\?/,
    );
  });

  it('refuses scenes Alipay has no page for, and amounts that are not whole fen', async () => {
    const alipay = provider(gateway(() => '').http);
    await expect(alipay.create({ ...payment, scene: 'jsapi' })).rejects.toThrow(
      PaymentProviderError,
    );
    await expect(alipay.create({ ...payment, amountFen: 12.5 })).rejects.toThrow(RangeError);
    await expect(alipay.create({ ...payment, amountFen: 0 })).rejects.toThrow(RangeError);
  });
});

describe('createAlipayProvider: notifies', () => {
  const real = () =>
    provider(gateway(() => '').http, { alipayPublicKey: REAL_NOTIFY_ALIPAY_PUBLIC_KEY });
  const form = (fields: Record<string, string>) => ({
    headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
    rawBody: new URLSearchParams(fields).toString(),
  });

  it('accepts a notify signed by Alipay and reports the payment', async () => {
    const event = await real().verifyNotify(form(REAL_NOTIFY_FIELDS));
    expect(event).toEqual({
      kind: 'payment',
      transaction: {
        channel: 'alipay',
        outTradeNo: '20190815155618536-564-57',
        providerTradeNo: '2019081522001468450512505578',
        status: 'paid',
        amountFen: 10,
        merchantId: REAL_APP.appId,
        paidAt: new Date('2019-08-15T07:56:24Z'),
      },
    });
  });

  it('rejects forgeries: a changed amount, another key, no signature, a weaker type', async () => {
    const alipay = real();
    const rejected = async (fields: Record<string, string>, headers?: Record<string, string>) =>
      expect(
        alipay.verifyNotify({ ...form(fields), ...(headers ? { headers } : {}) }),
      ).rejects.toThrow(NotifyRejectedError);

    await rejected({ ...REAL_NOTIFY_FIELDS, total_amount: '1000.00' });
    await rejected({ ...REAL_NOTIFY_FIELDS, out_trade_no: 'ANOTHER-ORDER' });
    await rejected({ ...REAL_NOTIFY_FIELDS, trade_status: 'TRADE_FINISHED' });
    const { sign: _sign, ...unsigned } = REAL_NOTIFY_FIELDS;
    await rejected(unsigned);
    await rejected({ ...REAL_NOTIFY_FIELDS, sign_type: 'RSA' });
    // Signed, correctly, but with a key that is not Alipay's.
    const forger = loadPrivateKey(TEST_MERCHANT_PRIVATE_KEY);
    await rejected({ ...unsigned, sign: signRsa2(notifySignContent(unsigned), forger) });
    // The same form sent as JSON, or with a field twice.
    await rejected(REAL_NOTIFY_FIELDS, { 'content-type': 'application/json' });
    await expect(
      alipay.verifyNotify({
        headers: {},
        rawBody: `${new URLSearchParams(REAL_NOTIFY_FIELDS).toString()}&total_amount=1000.00`,
      }),
    ).rejects.toThrow(NotifyRejectedError);
  });

  it('rejects a genuine notify of another application or another merchant account', async () => {
    for (const other of [{ appId: '2021000000000000' }, { sellerId: '2088000000000009' }]) {
      const alipay = provider(gateway(() => '').http, {
        alipayPublicKey: REAL_NOTIFY_ALIPAY_PUBLIC_KEY,
        ...other,
      });
      await expect(alipay.verifyNotify(form(REAL_NOTIFY_FIELDS))).rejects.toThrow(
        NotifyRejectedError,
      );
    }
  });

  it('answers Alipay exactly success, or anything else to be sent again', () => {
    const alipay = real();
    expect(alipay.notifyReply(true)).toEqual({
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: 'success',
    });
    expect(alipay.notifyReply(false).body).not.toBe('success');
  });
});

describe('createAlipayProvider: gateway calls', () => {
  const paidTrade = {
    code: '10000',
    msg: 'Success',
    trade_no: '2026112622001400000000000001',
    out_trade_no: 'PAY2611260001',
    trade_status: 'TRADE_SUCCESS',
    total_amount: '12.30',
    send_pay_date: '2026-11-26 12:05:00',
    buyer_logon_id: 'abc***@example.com',
  };

  it('signs the call (common parameters in the URL, biz_content in the body) and reads the answer', async () => {
    const { http, sent } = gateway(() => signedAnswer('alipay.trade.query', paidTrade));
    const trade = await provider(http).query('PAY2611260001');
    expect(trade).toEqual({
      channel: 'alipay',
      outTradeNo: 'PAY2611260001',
      providerTradeNo: paidTrade.trade_no,
      status: 'paid',
      amountFen: 1230,
      merchantId: REAL_APP.appId,
      paidAt: new Date('2026-11-26T04:05:00Z'),
    });
    const [request] = sent;
    if (!request) throw new Error('no request');
    const params = { ...Object.fromEntries(request.url.searchParams), ...request.body };
    expect(Object.keys(request.body)).toEqual(['biz_content']);
    expect(params.timestamp).toBe('2026-11-26 12:00:00');
    expect(JSON.parse(params.biz_content ?? '')).toEqual({ out_trade_no: 'PAY2611260001' });
    expect(
      verifyRsa2(
        requestSignContent(params),
        params.sign ?? '',
        loadPublicKey(TEST_MERCHANT_PUBLIC_KEY),
      ),
    ).toBe(true);
  });

  it('refuses answers that are unsigned, tampered with or signed by another key', async () => {
    const unsigned = gateway(() => signedAnswer('alipay.trade.query', paidTrade, false));
    await expect(provider(unsigned.http).query('PAY2611260001')).rejects.toMatchObject({
      code: 'missing-response-sign',
    });
    const tampered = gateway(() =>
      signedAnswer('alipay.trade.query', paidTrade).replace('12.30', '0.01'),
    );
    await expect(provider(tampered.http).query('PAY2611260001')).rejects.toMatchObject({
      code: 'invalid-response-signature',
    });
    const otherKey = gateway(() => signedAnswer('alipay.trade.query', paidTrade));
    await expect(
      provider(otherKey.http, { alipayPublicKey: TEST_MERCHANT_PUBLIC_KEY }).query('PAY2611260001'),
    ).rejects.toMatchObject({ code: 'invalid-response-signature' });
  });

  it('reads "trade does not exist" only when Alipay signed it; other failures are errors', async () => {
    const notExist = {
      code: '40004',
      msg: 'Business Failed',
      sub_code: 'ACQ.TRADE_NOT_EXIST',
      sub_msg: '交易不存在',
    };
    const signed = gateway(() => signedAnswer('alipay.trade.query', notExist));
    expect(await provider(signed.http).query('PAY2611260001')).toBeNull();
    const unsigned = gateway(() => signedAnswer('alipay.trade.query', notExist, false));
    await expect(provider(unsigned.http).query('PAY2611260001')).rejects.toThrow(
      PaymentProviderError,
    );
    const down = gateway(() => ({ status: 502, text: 'Bad Gateway' }));
    await expect(provider(down.http).query('PAY2611260001')).rejects.toThrow(PaymentProviderError);
    const broken: HttpClient = async () => {
      throw new Error('ECONNRESET');
    };
    await expect(provider(broken).query('PAY2611260001')).rejects.toThrow(PaymentProviderError);
  });

  it('refunds: done, refused for good (failed), or refused for now (thrown)', async () => {
    const refund = {
      outTradeNo: 'PAY2611260001',
      outRefundNo: 'RF2611260001',
      refundFen: 500,
      totalFen: 1230,
      reason: '订单取消',
      notifyUrl: 'https://m.example.com/api/pay/alipay/notify',
    };
    const answer = (fields: Record<string, string>) =>
      provider(gateway(() => signedAnswer('alipay.trade.refund', fields)).http).refund(refund);
    const base = { code: '10000', msg: 'Success', out_trade_no: 'PAY2611260001' };
    expect(await answer({ ...base, fund_change: 'Y', refund_fee: '5.00' })).toMatchObject({
      status: 'success',
      refundFen: 500,
    });
    const refusal = (subCode: string) => ({
      code: '40004',
      msg: 'Business Failed',
      sub_code: subCode,
      sub_msg: '…',
    });
    expect(await answer(refusal('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL'))).toMatchObject({
      status: 'failed',
    });
    await expect(answer(refusal('ACQ.SYSTEM_ERROR'))).rejects.toMatchObject({
      code: 'ACQ.SYSTEM_ERROR',
    });
    await expect(answer(refusal('ACQ.SELLER_BALANCE_NOT_ENOUGH'))).rejects.toThrow(
      PaymentProviderError,
    );
  });
});
