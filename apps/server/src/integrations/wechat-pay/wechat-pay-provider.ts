import type { KeyObject } from 'node:crypto';
import type { Clock } from '../../lib/clock';
import {
  NotifyRejectedError,
  PaymentProviderError,
  type CreatePaymentInput,
  type NotifyEvent,
  type NotifyReply,
  type NotifyRequest,
  type PaymentLaunch,
  type PaymentProvider,
  type ProviderRefund,
  type ProviderRefundStatus,
  type ProviderTradeStatus,
  type ProviderTransaction,
  type RefundInput,
} from '../payment/payment-provider';
import {
  answerSignatureMessage,
  certificateSerial,
  createNonce,
  decryptResource,
  formatAuthorization,
  isFreshTimestamp,
  paySignMessage,
  privateKeyFrom,
  publicKeyFrom,
  requestSignatureMessage,
  ResourceDecryptError,
  signSha256Rsa,
  verifySha256Rsa,
  type EncryptedResource,
} from './wechat-pay-crypto';
import type { PayHttpAnswer, PayHttpClient } from './pay-http';

/**
 * The WeChat Pay API v3 adapter (direct merchant, 直连商户): JSAPI in WeChat's browser, the same
 * JSAPI order with the mini-program's appid for `wx.requestPayment`, H5 elsewhere; query, close,
 * refund and refund query; payment and refund notifies verified and decrypted. Production points
 * it at https://api.mch.weixin.qq.com; development and tests at the embedded sandbox
 * (wechat-pay-sandbox.ts), which speaks the same protocol with keys of its own.
 * https://pay.weixin.qq.com/wiki/doc/apiv3/apis/chapter3_1_1.shtml (JSAPI下单) and siblings.
 */

export interface WechatPaySettings {
  /** 商户号. */
  mchId: string;
  /** The official account's appid (JSAPI in WeChat's browser, and H5). */
  appId: string;
  /** The mini-program's appid; without it the provider offers no `miniprogram` scene. */
  miniProgramAppId?: string | undefined;
  /** The merchant API private key (apiclient_key.pem). */
  merchantPrivateKey: string;
  /** The merchant API certificate's serial number. */
  merchantSerialNo: string;
  /** The APIv3 key: 32 characters. */
  apiV3Key: string;
  /** WeChat Pay's public key (公钥模式) and its id, e.g. PUB_KEY_ID_0114…. */
  wechatPayPublicKey?: { id: string; pem: string } | undefined;
  /** WeChat Pay platform certificates (平台证书模式), PEM; their serials are read from them. */
  platformCertificates?: readonly string[] | undefined;
  /** https://api.mch.weixin.qq.com, or the sandbox's base. */
  apiBase: string;
}

export interface WechatPayDeps {
  http: PayHttpClient;
  now?: Clock | undefined;
}

/** WeChat's trade_state values and what they mean to us. */
const TRADE_STATUS: Record<string, ProviderTradeStatus> = {
  SUCCESS: 'paid',
  // Paid, then (part) refunded: still a payment that happened.
  REFUND: 'paid',
  NOTPAY: 'pending',
  USERPAYING: 'pending',
  // "支付失败，请重新下单支付": WeChat documents it for payment-code trades only, and such a
  // trade is never paid after it (the sandbox's 支付失败 sets it). Our payment closes with it.
  PAYERROR: 'closed',
  CLOSED: 'closed',
  REVOKED: 'closed',
};

const REFUND_STATUS: Record<string, ProviderRefundStatus> = {
  SUCCESS: 'success',
  PROCESSING: 'processing',
  CLOSED: 'failed',
  ABNORMAL: 'failed',
};

/** 退款结果通知: the three outcomes WeChat Pay reports. */
const REFUND_EVENTS = new Set(['REFUND.SUCCESS', 'REFUND.ABNORMAL', 'REFUND.CLOSED']);

const USER_AGENT = 'pcb-member-centre (WeChatPay-APIv3; node)';
/** WeChat Pay accepts descriptions of at most 127 bytes. */
const DESCRIPTION_BYTES = 127;

interface WechatTransaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; payer_total?: number; currency?: string };
}

interface WechatRefund {
  mchid?: string;
  out_trade_no?: string;
  out_refund_no?: string;
  refund_id?: string;
  /** The refund APIs answer `status`, the refund notify `refund_status`. */
  status?: string;
  refund_status?: string;
  amount?: { refund?: number; total?: number };
}

interface NotifyEnvelope {
  id?: string;
  event_type?: string;
  resource_type?: string;
  resource?: EncryptedResource & { original_type?: string };
}

/** Cut to at most `max` UTF-8 bytes without splitting a character. */
export function truncateUtf8(text: string, max: number): string {
  if (Buffer.byteLength(text, 'utf8') <= max) return text;
  let out = '';
  for (const ch of text) {
    if (Buffer.byteLength(out + ch, 'utf8') > max) break;
    out += ch;
  }
  return out;
}

/** RFC 3339 in China time, as WeChat writes and expects times (2018-06-08T10:34:56+08:00). */
export function chinaTime(at: Date): string {
  const shifted = new Date(at.getTime() + 8 * 3600_000);
  return `${shifted.toISOString().slice(0, 19)}+08:00`;
}

/** 通知应答: 204 without a body when handled; 5xx with {code, message} to be sent again. */
export function wechatPayNotifyReply(accepted: boolean): NotifyReply {
  return accepted
    ? { status: 204, contentType: 'text/plain; charset=utf-8', body: '' }
    : {
        status: 500,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify({ code: 'FAIL', message: '失败' }),
      };
}

export function createWechatPayProvider(
  settings: WechatPaySettings,
  deps: WechatPayDeps,
): PaymentProvider {
  const now = deps.now ?? (() => new Date());
  const apiV3Key = Buffer.from(settings.apiV3Key, 'utf8');
  if (apiV3Key.length !== 32) throw new Error('WeChat Pay: the APIv3 key must be 32 bytes');
  const merchantKey = privateKeyFrom(settings.merchantPrivateKey);

  // Wechatpay-Serial names the key that signed: a public key id or a certificate serial.
  const wechatKeys = new Map<string, KeyObject>();
  if (settings.wechatPayPublicKey) {
    wechatKeys.set(settings.wechatPayPublicKey.id, publicKeyFrom(settings.wechatPayPublicKey.pem));
  }
  for (const pem of settings.platformCertificates ?? []) {
    wechatKeys.set(certificateSerial(pem), publicKeyFrom(pem));
  }
  if (wechatKeys.size === 0) {
    throw new Error('WeChat Pay: a WeChat Pay public key or a platform certificate is needed');
  }

  const appIds = new Set([settings.appId, settings.miniProgramAppId].filter(Boolean));

  /** Throws unless the headers carry a fresh, valid WeChat Pay signature over `body`. */
  function verifySignature(
    headers: Readonly<Record<string, string | undefined>>,
    body: string,
  ): string | null {
    const timestamp = headers['wechatpay-timestamp'];
    const nonce = headers['wechatpay-nonce'];
    const signature = headers['wechatpay-signature'];
    const serial = headers['wechatpay-serial'];
    if (!timestamp || !nonce || !signature || !serial) return 'signature headers missing';
    if (!isFreshTimestamp(timestamp, now())) return 'timestamp too far from now';
    const key = wechatKeys.get(serial);
    if (!key) return `unknown Wechatpay-Serial ${serial}`;
    if (!verifySha256Rsa(answerSignatureMessage(timestamp, nonce, body), signature, key)) {
      return 'signature does not verify';
    }
    return null;
  }

  async function call(
    method: 'GET' | 'POST',
    pathAndQuery: string,
    body?: unknown,
  ): Promise<{ status: number; data: Record<string, unknown> | null }> {
    const payload = body === undefined ? '' : JSON.stringify(body);
    const url = `${settings.apiBase}${pathAndQuery}`;
    // The signed URL is the request's own path and query (a base with a path keeps it).
    const { pathname, search } = new URL(url);
    const timestamp = String(Math.floor(now().getTime() / 1000));
    const nonce = createNonce();
    const authorization = formatAuthorization({
      mchid: settings.mchId,
      nonce_str: nonce,
      timestamp,
      serial_no: settings.merchantSerialNo,
      signature: signSha256Rsa(
        requestSignatureMessage(method, `${pathname}${search}`, timestamp, nonce, payload),
        merchantKey,
      ),
    });
    let answer: PayHttpAnswer;
    try {
      answer = await deps.http(url, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          'user-agent': USER_AGENT,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: payload }),
      });
    } catch (error) {
      throw new PaymentProviderError(`WeChat Pay ${pathAndQuery}: request failed`, undefined, {
        cause: error,
      });
    }
    const text = await answer.text();
    if (answer.status >= 200 && answer.status < 300) {
      // A forged answer could report a payment: only WeChat Pay's signature makes it one.
      const problem = verifySignature(answer.headers, text);
      if (problem) {
        throw new PaymentProviderError(`WeChat Pay ${pathAndQuery}: answer ${problem}`, 'SIGN');
      }
    }
    let data: Record<string, unknown> | null = null;
    if (text !== '') {
      try {
        data = JSON.parse(text) as Record<string, unknown>;
      } catch {
        throw new PaymentProviderError(
          `WeChat Pay ${pathAndQuery}: HTTP ${answer.status}, not JSON`,
        );
      }
    }
    return { status: answer.status, data };
  }

  const failure = (path: string, status: number, data: Record<string, unknown> | null) =>
    new PaymentProviderError(
      `WeChat Pay ${path}: HTTP ${status} ${String(data?.code ?? '')} ${String(data?.message ?? '')}`.trim(),
      typeof data?.code === 'string' ? data.code : `HTTP_${status}`,
    );

  function toTransaction(t: WechatTransaction): ProviderTransaction {
    const status = TRADE_STATUS[t.trade_state ?? ''];
    if (!status || typeof t.out_trade_no !== 'string' || typeof t.mchid !== 'string') {
      throw new PaymentProviderError(`WeChat Pay: unreadable transaction (${t.trade_state})`);
    }
    const paid = status === 'paid';
    return {
      channel: 'wechat',
      outTradeNo: t.out_trade_no,
      providerTradeNo: paid && t.transaction_id ? t.transaction_id : null,
      status,
      amountFen: Number(t.amount?.total ?? 0),
      merchantId: t.mchid,
      paidAt: paid && t.success_time ? new Date(t.success_time) : null,
    };
  }

  function toRefund(r: WechatRefund, fallbackTradeNo: string): ProviderRefund {
    const status = REFUND_STATUS[r.status ?? r.refund_status ?? ''];
    if (!status || typeof r.out_refund_no !== 'string') {
      throw new PaymentProviderError(
        `WeChat Pay: unreadable refund (${r.status ?? r.refund_status})`,
      );
    }
    return {
      channel: 'wechat',
      outTradeNo: r.out_trade_no ?? fallbackTradeNo,
      outRefundNo: r.out_refund_no,
      providerRefundNo: r.refund_id ?? null,
      status,
      refundFen: Number(r.amount?.refund ?? 0),
    };
  }

  const scenes = settings.miniProgramAppId
    ? (['jsapi', 'miniprogram', 'h5'] as const)
    : (['jsapi', 'h5'] as const);

  return {
    channel: 'wechat',
    merchantId: settings.mchId,
    scenes,

    async create(input: CreatePaymentInput): Promise<PaymentLaunch> {
      if (!Number.isSafeInteger(input.amountFen) || input.amountFen <= 0) {
        throw new PaymentProviderError('WeChat Pay: the amount must be a positive number of fen');
      }
      const appid = input.scene === 'miniprogram' ? settings.miniProgramAppId : settings.appId;
      if (!appid) throw new PaymentProviderError('WeChat Pay: no mini-program appid configured');
      const common = {
        appid,
        mchid: settings.mchId,
        description: truncateUtf8(input.subject, DESCRIPTION_BYTES),
        out_trade_no: input.outTradeNo,
        time_expire: chinaTime(input.expiresAt),
        notify_url: input.notifyUrl,
        amount: { total: input.amountFen, currency: 'CNY' },
      };

      if (input.scene === 'h5') {
        const path = '/v3/pay/transactions/h5';
        const { status, data } = await call('POST', path, {
          ...common,
          scene_info: { payer_client_ip: input.clientIp, h5_info: { type: 'Wap' } },
        });
        if (status !== 200 || typeof data?.h5_url !== 'string') throw failure(path, status, data);
        // WeChat returns the browser to redirect_url after paying (H5支付 开发指引).
        const separator = data.h5_url.includes('?') ? '&' : '?';
        return {
          kind: 'redirect',
          url: `${data.h5_url}${separator}redirect_url=${encodeURIComponent(input.returnUrl)}`,
        };
      }

      if (!input.openId) throw new PaymentProviderError('WeChat Pay: JSAPI needs the payer openid');
      const path = '/v3/pay/transactions/jsapi';
      const { status, data } = await call('POST', path, {
        ...common,
        payer: { openid: input.openId },
      });
      if (status !== 200 || typeof data?.prepay_id !== 'string') throw failure(path, status, data);
      const timeStamp = String(Math.floor(now().getTime() / 1000));
      const nonceStr = createNonce();
      const pkg = `prepay_id=${data.prepay_id}`;
      return {
        kind: 'jsapi',
        params: {
          appId: appid,
          timeStamp,
          nonceStr,
          package: pkg,
          signType: 'RSA',
          paySign: signSha256Rsa(paySignMessage(appid, timeStamp, nonceStr, pkg), merchantKey),
        },
      };
    },

    async verifyNotify(request: NotifyRequest): Promise<NotifyEvent> {
      const headers = lowerCaseHeaders(request.headers);
      const problem = verifySignature(headers, request.rawBody);
      if (problem) throw new NotifyRejectedError(`WeChat Pay notify: ${problem}`);
      let envelope: NotifyEnvelope;
      try {
        envelope = JSON.parse(request.rawBody) as NotifyEnvelope;
      } catch (error) {
        throw new NotifyRejectedError('WeChat Pay notify: not JSON', { cause: error });
      }
      const resource = envelope.resource;
      if (envelope.resource_type !== 'encrypt-resource' || !resource) {
        throw new NotifyRejectedError('WeChat Pay notify: no encrypted resource');
      }
      let plaintext: string;
      try {
        plaintext = decryptResource(apiV3Key, resource);
      } catch (error) {
        if (error instanceof ResourceDecryptError) {
          throw new NotifyRejectedError(`WeChat Pay notify: ${error.message}`, { cause: error });
        }
        throw error;
      }
      let content: Record<string, unknown>;
      try {
        content = JSON.parse(plaintext) as Record<string, unknown>;
      } catch (error) {
        throw new NotifyRejectedError('WeChat Pay notify: resource is not JSON', { cause: error });
      }
      // The signature proves WeChat Pay sent it; these prove it is ours.
      if (content.mchid !== settings.mchId) {
        throw new NotifyRejectedError(`WeChat Pay notify: for merchant ${String(content.mchid)}`);
      }
      const eventType = envelope.event_type ?? '';
      try {
        if (eventType === 'TRANSACTION.SUCCESS' && resource.original_type === 'transaction') {
          if (!appIds.has(String(content.appid))) {
            throw new NotifyRejectedError(`WeChat Pay notify: for appid ${String(content.appid)}`);
          }
          return { kind: 'payment', transaction: toTransaction(content as WechatTransaction) };
        }
        if (REFUND_EVENTS.has(eventType) && resource.original_type === 'refund') {
          const refund = content as WechatRefund;
          return { kind: 'refund', refund: toRefund(refund, refund.out_trade_no ?? '') };
        }
      } catch (error) {
        if (error instanceof PaymentProviderError) {
          throw new NotifyRejectedError(`WeChat Pay notify: ${error.message}`, { cause: error });
        }
        throw error;
      }
      throw new NotifyRejectedError(`WeChat Pay notify: unexpected event ${eventType}`);
    },

    notifyReply: wechatPayNotifyReply,

    async query(outTradeNo: string): Promise<ProviderTransaction | null> {
      const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${encodeURIComponent(settings.mchId)}`;
      const { status, data } = await call('GET', path);
      if (status === 404) return null;
      if (status !== 200 || !data) throw failure(path, status, data);
      const transaction = toTransaction(data as WechatTransaction);
      if (transaction.outTradeNo !== outTradeNo || transaction.merchantId !== settings.mchId) {
        throw new PaymentProviderError(`WeChat Pay ${path}: the answer is for another payment`);
      }
      return transaction;
    },

    async close(outTradeNo: string): Promise<void> {
      const path = `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`;
      const { status, data } = await call('POST', path, { mchid: settings.mchId });
      // Closing a closed payment is done already; a paid one cannot be closed (ORDERPAID).
      if (status === 204 || status === 200) return;
      if (data?.code === 'ORDER_CLOSED') return;
      throw failure(path, status, data);
    },

    async refund(input: RefundInput): Promise<ProviderRefund> {
      const path = '/v3/refund/domestic/refunds';
      const { status, data } = await call('POST', path, {
        out_trade_no: input.outTradeNo,
        out_refund_no: input.outRefundNo,
        reason: truncateUtf8(input.reason, 80),
        notify_url: input.notifyUrl,
        amount: { refund: input.refundFen, total: input.totalFen, currency: 'CNY' },
      });
      if (status !== 200 || !data) throw failure(path, status, data);
      const refund = toRefund(data as WechatRefund, input.outTradeNo);
      if (refund.outRefundNo !== input.outRefundNo || refund.outTradeNo !== input.outTradeNo) {
        throw new PaymentProviderError(`WeChat Pay ${path}: the answer is for another refund`);
      }
      return refund;
    },

    async queryRefund(outTradeNo: string, outRefundNo: string): Promise<ProviderRefund | null> {
      const path = `/v3/refund/domestic/refunds/${encodeURIComponent(outRefundNo)}`;
      const { status, data } = await call('GET', path);
      if (status === 404) return null;
      if (status !== 200 || !data) throw failure(path, status, data);
      const refund = toRefund(data as WechatRefund, outTradeNo);
      // Refund numbers are unique per merchant; one for another payment is not this refund.
      if (refund.outTradeNo !== outTradeNo || refund.outRefundNo !== outRefundNo) return null;
      return refund;
    },
  };
}

function lowerCaseHeaders(
  headers: Readonly<Record<string, string | undefined>>,
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}
