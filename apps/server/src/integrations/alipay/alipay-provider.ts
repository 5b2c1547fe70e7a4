import type { KeyObject } from 'node:crypto';
import { systemClock, type Clock } from '../../lib/clock';
import {
  NotifyRejectedError,
  PaymentProviderError,
  type NotifyEvent,
  type NotifyReply,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderTradeStatus,
  type ProviderTransaction,
} from '../payment/payment-provider';
import type { HttpClient } from '../wechat/wechat-api';
import { fenToYuan, MAX_ALIPAY_FEN, yuanToFen } from './alipay-amount';
import {
  loadPrivateKey,
  loadPublicKey,
  notifySignContent,
  parseForm,
  rawJsonMembers,
  signRequest,
  verifyRsa2,
} from './alipay-sign';
import { formatAlipayTime, parseAlipayTime } from './alipay-time';

/**
 * Alipay for the payment module: H5 payment (`alipay.trade.wap.pay`), the asynchronous notify,
 * `alipay.trade.query`, `.close`, `.refund` and `.fastpay.refund.query`, over OpenAPI v2 with
 * RSA2 in public-key mode. https://opendocs.alipay.com/open/203/105285 (wap pay),
 * https://opendocs.alipay.com/common/02kf5q (signing), /common/02mse7 (verifying).
 */

export const ALIPAY_GATEWAY_URL = 'https://openapi.alipay.com/gateway.do';

export interface AlipaySettings {
  /** The application's APPID on the open platform. */
  appId: string;
  /** The PID (2088…) of the merchant account the money goes to; every notify must name it. */
  sellerId: string;
  /** The application's private key (PEM, or the bare base64 of Alipay's key tool). */
  merchantPrivateKey: string;
  /** Alipay's public key for this application (PEM or bare base64), not the app's own. */
  alipayPublicKey: string;
  /** Where the server's calls go. */
  gatewayUrl: string;
  /**
   * Where the member's browser is sent to pay (default: `gatewayUrl`). A path such as
   * `/sandbox/alipay/gateway.do` is taken on the origin of the payment's return URL.
   */
  pageGatewayUrl?: string;
}

export interface AlipayDeps {
  http: HttpClient;
  now?: Clock;
}

const CHANNEL = 'alipay';
const OUR_NUMBER = /^[0-9A-Za-z_-]{1,32}$/;
const SUCCESS = '10000';

/** Alipay's trade states as the payment module sees them. */
export function tradeStatusOf(tradeStatus: string | undefined): ProviderTradeStatus | null {
  switch (tradeStatus) {
    case 'TRADE_SUCCESS':
    case 'TRADE_FINISHED':
      return 'paid';
    case 'WAIT_BUYER_PAY':
      return 'pending';
    case 'TRADE_CLOSED':
      return 'closed';
    default:
      return null;
  }
}

/**
 * Refund refusals that no retry changes (the trade, the amount or the request is wrong): the
 * refund is reported failed. Any other error (system busy, the merchant's balance too low) is
 * thrown, for a later retry.
 */
const FINAL_REFUND_REFUSALS = new Set([
  'ACQ.TRADE_NOT_EXIST',
  'ACQ.TRADE_STATUS_ERROR',
  'ACQ.TRADE_HAS_FINISHED',
  'ACQ.TRADE_NOT_ALLOW_REFUND',
  'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL',
  'ACQ.REFUND_FEE_ERROR',
  'ACQ.DISCORDANT_REPEAT_REQUEST',
  'ACQ.NOT_ALLOW_PARTIAL_REFUND',
]);

/** The reply Alipay expects to a notify: exactly `success`, or anything else to send it again. */
export function alipayNotifyReply(accepted: boolean): NotifyReply {
  return {
    status: 200,
    contentType: 'text/plain; charset=utf-8',
    body: accepted ? 'success' : 'failure',
  };
}

/** One decoded gateway answer. */
interface Answer {
  code: string;
  subCode: string | undefined;
  /** Whether the answer carried Alipay's signature (it was verified; unsigned is only an error). */
  signed: boolean;
  fields: Record<string, unknown>;
  text: (name: string) => string | undefined;
}

/** Alipay forbids `/`, `=` and `&` in a subject. */
const cleanSubject = (subject: string) => subject.replace(/[/=&]/g, ' ').trim().slice(0, 256);

function header(headers: Readonly<Record<string, string | undefined>>, name: string) {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return value;
  }
  return undefined;
}

function pageGateway(settings: AlipaySettings, returnUrl: string): string {
  const page = settings.pageGatewayUrl ?? settings.gatewayUrl;
  return page.startsWith('/') ? new URL(page, new URL(returnUrl).origin).toString() : page;
}

const withQuery = (url: string, query: Record<string, string>) =>
  `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(query).toString()}`;

export function createAlipayProvider(settings: AlipaySettings, deps: AlipayDeps): PaymentProvider {
  const privateKey: KeyObject = loadPrivateKey(settings.merchantPrivateKey);
  const alipayKey: KeyObject = loadPublicKey(settings.alipayPublicKey);
  const now = deps.now ?? systemClock;
  const { appId, sellerId } = settings;

  const commonParams = (method: string) => ({
    app_id: appId,
    method,
    format: 'JSON',
    charset: 'utf-8',
    sign_type: 'RSA2',
    timestamp: formatAlipayTime(now()),
    version: '1.0',
  });

  function decode(method: string, body: string): Answer {
    const members = rawJsonMembers(body);
    if (!members) throw new PaymentProviderError(`支付宝 ${method}: 应答不是 JSON`);
    const responseKey = `${method.replaceAll('.', '_')}_response`;
    const raw = members.get(responseKey) ?? members.get('error_response');
    const parsed: unknown = raw === undefined ? undefined : JSON.parse(raw);
    if (raw === undefined || parsed === null || typeof parsed !== 'object') {
      throw new PaymentProviderError(`支付宝 ${method}: 应答缺少 ${responseKey}`);
    }
    const fields = parsed as Record<string, unknown>;
    const code = String(fields.code ?? '');
    const signJson = members.get('sign');
    const sign: unknown = signJson === undefined ? undefined : JSON.parse(signJson);
    if (typeof sign === 'string' && sign !== '') {
      if (!verifyRsa2(raw, sign, alipayKey)) {
        throw new PaymentProviderError(
          `支付宝 ${method}: 应答验签失败`,
          'invalid-response-signature',
        );
      }
    } else if (code === SUCCESS) {
      throw new PaymentProviderError(`支付宝 ${method}: 成功应答没有签名`, 'missing-response-sign');
    }
    const text = (name: string) => {
      const value = fields[name];
      return typeof value === 'string' ? value : undefined;
    };
    return { code, subCode: text('sub_code'), signed: typeof sign === 'string', fields, text };
  }

  async function call(method: string, biz: Record<string, unknown>): Promise<Answer> {
    const { biz_content: bizContent, ...inUrl } = signRequest(
      { ...commonParams(method), biz_content: JSON.stringify(biz) },
      privateKey,
    );
    let status: number;
    let body: string;
    try {
      const answer = await deps.http(withQuery(settings.gatewayUrl, inUrl), {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded;charset=utf-8',
          accept: 'application/json',
        },
        body: new URLSearchParams({ biz_content: bizContent ?? '' }).toString(),
      });
      status = answer.status;
      body = await answer.text();
    } catch (error) {
      throw new PaymentProviderError(`支付宝 ${method}: 请求失败`, undefined, { cause: error });
    }
    if (status !== 200) throw new PaymentProviderError(`支付宝 ${method}: HTTP ${status}`);
    return decode(method, body);
  }

  const refused = (method: string, answer: Answer) =>
    new PaymentProviderError(
      `支付宝 ${method}: ${answer.code} ${answer.subCode ?? ''} ${answer.text('sub_msg') ?? answer.text('msg') ?? ''}`.trim(),
      answer.subCode ?? answer.code,
    );

  const isSignedRefusal = (answer: Answer, subCode: string) =>
    answer.signed && answer.subCode === subCode;

  async function query(outTradeNo: string): Promise<ProviderTransaction | null> {
    const method = 'alipay.trade.query';
    const answer = await call(method, { out_trade_no: outTradeNo });
    if (answer.code !== SUCCESS) {
      if (isSignedRefusal(answer, 'ACQ.TRADE_NOT_EXIST')) return null;
      throw refused(method, answer);
    }
    if (answer.text('out_trade_no') !== outTradeNo) {
      throw new PaymentProviderError(`支付宝 ${method}: 应答的 out_trade_no 不是所查的交易`);
    }
    const status = tradeStatusOf(answer.text('trade_status'));
    const amountFen = yuanToFen(answer.text('total_amount') ?? '');
    if (!status || amountFen === null) {
      throw new PaymentProviderError(`支付宝 ${method}: 应答的 trade_status 或 total_amount 无效`);
    }
    // A trade that was ever paid carries the time (also once refunded in full and closed).
    const paidAt = parseAlipayTime(answer.text('send_pay_date') ?? '');
    const wasPaid = status === 'paid' || paidAt !== null;
    return {
      channel: CHANNEL,
      outTradeNo,
      providerTradeNo: wasPaid ? (answer.text('trade_no') ?? null) : null,
      status,
      amountFen,
      merchantId: appId,
      paidAt: wasPaid ? (paidAt ?? now()) : null,
    };
  }

  async function queryRefund(outTradeNo: string, outRefundNo: string) {
    const method = 'alipay.trade.fastpay.refund.query';
    const answer = await call(method, {
      out_trade_no: outTradeNo,
      out_request_no: outRefundNo,
      query_options: ['gmt_refund_pay'],
    });
    if (answer.code !== SUCCESS) {
      if (isSignedRefusal(answer, 'ACQ.TRADE_NOT_EXIST')) return null;
      throw refused(method, answer);
    }
    // No amount: Alipay has no refund under this number (not received, or it failed).
    const amount = answer.text('refund_amount');
    if (amount === undefined || amount === '') return null;
    const refundFen = yuanToFen(amount);
    if (refundFen === null) {
      throw new PaymentProviderError(`支付宝 ${method}: 应答的 refund_amount 无效`);
    }
    const refund: ProviderRefund = {
      channel: CHANNEL,
      outTradeNo,
      outRefundNo,
      providerRefundNo: null,
      status: answer.text('refund_status') === 'REFUND_SUCCESS' ? 'success' : 'processing',
      refundFen,
    };
    return refund;
  }

  return {
    channel: CHANNEL,
    merchantId: appId,
    scenes: ['h5'],

    async create(input) {
      if (input.scene !== 'h5') {
        throw new PaymentProviderError(`支付宝不支持 ${input.scene} 支付`, 'unsupported-scene');
      }
      if (!OUR_NUMBER.test(input.outTradeNo)) throw new RangeError('outTradeNo 格式不对');
      if (!Number.isSafeInteger(input.amountFen) || input.amountFen < 1) {
        throw new RangeError('amountFen 必须是正整数');
      }
      if (input.amountFen > MAX_ALIPAY_FEN) throw new RangeError('amountFen 超过支付宝的上限');
      const biz = {
        out_trade_no: input.outTradeNo,
        total_amount: fenToYuan(input.amountFen),
        subject: cleanSubject(input.subject),
        product_code: 'QUICK_WAP_WAY',
        time_expire: formatAlipayTime(input.expiresAt),
        quit_url: input.quitUrl ?? input.returnUrl,
      };
      const params = signRequest(
        {
          ...commonParams('alipay.trade.wap.pay'),
          return_url: input.returnUrl,
          notify_url: input.notifyUrl,
          biz_content: JSON.stringify(biz),
        },
        privateKey,
      );
      return { kind: 'redirect', url: withQuery(pageGateway(settings, input.returnUrl), params) };
    },

    async verifyNotify(request): Promise<NotifyEvent> {
      const contentType = header(request.headers, 'content-type');
      if (contentType && !/^application\/x-www-form-urlencoded\b/i.test(contentType)) {
        throw new NotifyRejectedError('支付宝通知不是表单');
      }
      const form = parseForm(request.rawBody);
      if (!form) throw new NotifyRejectedError('支付宝通知不是表单或字段重复');
      const { sign } = form;
      if (!sign) throw new NotifyRejectedError('支付宝通知没有签名');
      if (form.sign_type !== 'RSA2') throw new NotifyRejectedError('支付宝通知的签名类型不是 RSA2');
      if (form.charset !== undefined && form.charset.toLowerCase() !== 'utf-8') {
        throw new NotifyRejectedError('支付宝通知的编码不是 utf-8');
      }
      if (!verifyRsa2(notifySignContent(form), sign, alipayKey)) {
        throw new NotifyRejectedError('支付宝通知验签失败');
      }
      if (form.app_id !== appId) throw new NotifyRejectedError('支付宝通知属于另一个应用');
      if (form.seller_id !== sellerId) throw new NotifyRejectedError('支付宝通知属于另一个商户');
      if (form.notify_type !== 'trade_status_sync') {
        throw new NotifyRejectedError(`支付宝通知类型未知：${form.notify_type ?? ''}`);
      }
      const outTradeNo = form.out_trade_no ?? '';
      const status = tradeStatusOf(form.trade_status);
      const amountFen = yuanToFen(form.total_amount ?? '');
      if (!outTradeNo || !status || amountFen === null) {
        throw new NotifyRejectedError('支付宝通知缺少 out_trade_no、trade_status 或 total_amount');
      }
      // A refund is told on the payment's notify_url too: out_biz_no names the refund, and
      // refund_fee is the trade's refunded total, so this refund's own amount comes from a query.
      if (form.out_biz_no && (form.gmt_refund || form.refund_fee)) {
        const refund = await queryRefund(outTradeNo, form.out_biz_no);
        if (!refund) {
          throw new PaymentProviderError(
            '支付宝通知的退款在退款查询中还查不到',
            'refund-not-found',
          );
        }
        return { kind: 'refund', refund };
      }
      const paid = status === 'paid';
      return {
        kind: 'payment',
        transaction: {
          channel: CHANNEL,
          outTradeNo,
          providerTradeNo: paid ? (form.trade_no ?? null) : null,
          status,
          amountFen,
          merchantId: appId,
          paidAt: paid ? (parseAlipayTime(form.gmt_payment ?? '') ?? now()) : null,
        },
      };
    },

    notifyReply: alipayNotifyReply,

    query,

    async close(outTradeNo) {
      const method = 'alipay.trade.close';
      const answer = await call(method, { out_trade_no: outTradeNo });
      if (answer.code === SUCCESS) return;
      // The member never opened the cashier: Alipay has no trade to close (see decision 0052).
      if (isSignedRefusal(answer, 'ACQ.TRADE_NOT_EXIST')) return;
      if (isSignedRefusal(answer, 'ACQ.TRADE_STATUS_ERROR')) {
        const trade = await query(outTradeNo);
        if (trade?.status === 'closed' && trade.paidAt === null) return;
        throw new PaymentProviderError(`支付宝 ${method}: 交易已支付，不能关闭`, answer.subCode);
      }
      throw refused(method, answer);
    },

    async refund(input) {
      const method = 'alipay.trade.refund';
      if (!OUR_NUMBER.test(input.outRefundNo)) throw new RangeError('outRefundNo 格式不对');
      if (!Number.isSafeInteger(input.refundFen) || input.refundFen < 1) {
        throw new RangeError('refundFen 必须是正整数');
      }
      const answer = await call(method, {
        out_trade_no: input.outTradeNo,
        out_request_no: input.outRefundNo,
        refund_amount: fenToYuan(input.refundFen),
        refund_reason: input.reason.slice(0, 256),
      });
      const base = {
        channel: CHANNEL,
        outTradeNo: input.outTradeNo,
        outRefundNo: input.outRefundNo,
        providerRefundNo: null,
        refundFen: input.refundFen,
      } as const;
      if (answer.code === SUCCESS) {
        if (answer.text('fund_change') === 'Y') return { ...base, status: 'success' };
        // 'N': this number was refunded before (a retry), or Alipay is still on it: ask.
        return (
          (await queryRefund(input.outTradeNo, input.outRefundNo)) ?? {
            ...base,
            status: 'processing',
          }
        );
      }
      if (answer.signed && FINAL_REFUND_REFUSALS.has(answer.subCode ?? '')) {
        return { ...base, status: 'failed' };
      }
      throw refused(method, answer);
    },

    queryRefund,
  };
}
