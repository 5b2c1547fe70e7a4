import { randomInt } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import type { Db, Executor } from '../../db/client';
import type { JobQueue } from '../../lib/jobs/job';
import { fenToYuan, yuanToFen } from './alipay-amount';
import { requestSignContent, verifyRsa2, type AlipayParams } from './alipay-sign';
import { formatAlipayTime, parseAlipayTime } from './alipay-time';
import {
  alipaySandboxNotifyJob,
  buildTradeNotify,
  SANDBOX_BUYER,
  type SandboxNotify,
} from './sandbox-alipay-notify';
import {
  closeIfExpired,
  closeUnpaid,
  createTrade,
  findRefund,
  findTrade,
  findTradeByNo,
  refundTrade,
  type SandboxTrade,
} from './sandbox-alipay.repository';

/**
 * What the sandbox's `gateway.do` does with one request, apart from HTTP: the common checks of
 * Alipay's gateway (app, method, signature type, timestamp, signature) and the methods the
 * adapter calls, with Alipay's answers and error codes.
 */

export const WAP_PAY = 'alipay.trade.wap.pay';
const API_METHODS = new Set([
  'alipay.trade.query',
  'alipay.trade.close',
  'alipay.trade.refund',
  'alipay.trade.fastpay.refund.query',
]);

/**
 * Alipay does not document how far `timestamp` may stray; the sandbox allows 15 minutes either
 * way, so a request stamped in the wrong time zone (8 hours off) is refused here too.
 */
const TIMESTAMP_SLACK_MS = 15 * 60_000;
/** A notify that is not acknowledged at once is tried again this much later. */
const FIRST_RETRY_MS = 3_000;

export type GatewayError = {
  code: string;
  msg: string;
  sub_code: string;
  sub_msg: string;
};

const missing = (name: string): GatewayError => ({
  code: '40001',
  msg: 'Missing Required Arguments',
  sub_code: `isv.missing-${name.replaceAll('_', '-')}`,
  sub_msg: `缺少必选参数 ${name}`,
});
const invalid = (subCode: string, subMsg: string): GatewayError => ({
  code: '40002',
  msg: 'Invalid Arguments',
  sub_code: subCode,
  sub_msg: subMsg,
});
const business = (subCode: string, subMsg: string): GatewayError => ({
  code: '40004',
  msg: 'Business Failed',
  sub_code: subCode,
  sub_msg: subMsg,
});
const TRADE_NOT_EXIST = business('ACQ.TRADE_NOT_EXIST', '交易不存在');
const TRADE_STATUS_ERROR = business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
const INVALID_PARAMETER = (what: string) => business('ACQ.INVALID_PARAMETER', `参数无效：${what}`);

export type GatewayOutcome =
  /** A JSON answer under `key` (`<method>_response` or `error_response`). */
  | { kind: 'answer'; key: string; fields: Record<string, string> }
  /** wap.pay: the member goes on to the cashier of this trade. */
  | { kind: 'cashier'; trade: SandboxTrade }
  /** wap.pay refused: Alipay shows an error page instead of the cashier. */
  | { kind: 'error-page'; error: GatewayError; trade?: SandboxTrade };

export interface GatewayContext {
  db: Db;
  jobs: JobQueue;
  appId: string;
  sellerId: string;
  /** The merchant application's public key: requests are verified with it. */
  merchantKey: KeyObject;
  /** The sandbox's "Alipay" private key: answers and notifies are signed with it. */
  alipayKey: KeyObject;
  now: Date;
}

const responseKey = (method: string) => `${method.replaceAll('.', '_')}_response`;

type Biz = Record<string, unknown>;
/** An answer's fields, or the error it reports. */
type Fields = Record<string, string>;

function parseBiz(params: AlipayParams): { biz: Biz } | { error: GatewayError } {
  const raw = params.biz_content;
  if (raw === undefined || raw === '') return { error: missing('biz_content') };
  try {
    const biz: unknown = JSON.parse(raw);
    if (biz !== null && typeof biz === 'object' && !Array.isArray(biz)) return { biz: biz as Biz };
  } catch {
    // refused below
  }
  return { error: invalid('isv.invalid-biz-content', 'biz_content 不是 JSON 对象') };
}

const textOf = (biz: Biz, name: string) => {
  const value = biz[name];
  return typeof value === 'string' ? value : undefined;
};

const isHttpUrl = (text: string) => {
  try {
    return /^https?:$/.test(new URL(text).protocol);
  } catch {
    return false;
  }
};

/** The common parameters, as the gateway checks them before any method runs. */
function commonError(params: AlipayParams, context: GatewayContext, isPage: boolean) {
  const required = ['app_id', 'method', 'charset', 'sign_type', 'sign', 'timestamp', 'version'];
  for (const name of required) if (!params[name]) return missing(name);
  if (params.app_id !== context.appId) return invalid('isv.invalid-app-id', '无效的AppID参数');
  if (params.method !== WAP_PAY && !API_METHODS.has(params.method ?? '')) {
    return invalid('isv.invalid-method', '不存在的方法名');
  }
  if (params.sign_type !== 'RSA2') return invalid('isv.invalid-signature-type', '无效的签名类型');
  if (params.charset?.toLowerCase() !== 'utf-8')
    return invalid('isv.invalid-charset', '字符集错误');
  if (params.format !== undefined && params.format.toUpperCase() !== 'JSON') {
    return invalid('isv.invalid-format', '无效的数据格式');
  }
  if (params.version !== '1.0') return invalid('isv.invalid-version', '无效的版本号');
  const stamped = parseAlipayTime(params.timestamp ?? '');
  // A payment page may be opened a while after it was made: only its shape is checked.
  if (
    !stamped ||
    (!isPage && Math.abs(stamped.getTime() - context.now.getTime()) > TIMESTAMP_SLACK_MS)
  ) {
    return invalid('isv.invalid-timestamp', '非法的时间戳参数');
  }
  const content = requestSignContent(params);
  if (!verifyRsa2(content, params.sign ?? '', context.merchantKey)) {
    return invalid(
      'isv.invalid-signature',
      `验签出错，建议检查签名字符串或签名私钥与应用公钥是否匹配，网关生成的验签字符串为：${content}`,
    );
  }
  return null;
}

/** Any notify is sent by the job runner, enqueued in the transaction of the change it tells. */
async function enqueueNotify(context: GatewayContext, notify: SandboxNotify, tx: Executor) {
  await context.jobs.add(
    alipaySandboxNotifyJob,
    { url: notify.url, body: notify.body },
    { key: notify.key, delayMs: FIRST_RETRY_MS, tx },
  );
}

async function liveTrade(context: GatewayContext, trade: SandboxTrade): Promise<SandboxTrade> {
  if (trade.status === 'WAIT_BUYER_PAY' && trade.expiresAt && trade.expiresAt <= context.now) {
    return (await closeIfExpired(context.db, trade.tradeNo, context.now)) ?? trade;
  }
  return trade;
}

/** Alipay's trade numbers: the Beijing date, 2200, then 16 digits (28 in all). */
function newTradeNo(now: Date): string {
  const date = formatAlipayTime(now).slice(0, 10).replaceAll('-', '');
  const digits = Array.from({ length: 16 }, () => randomInt(10)).join('');
  return `${date}2200${digits}`;
}

async function wapPay(
  biz: Biz,
  params: AlipayParams,
  context: GatewayContext,
): Promise<GatewayOutcome> {
  const refuse = (error: GatewayError, trade?: SandboxTrade): GatewayOutcome => ({
    kind: 'error-page',
    error,
    ...(trade ? { trade } : {}),
  });
  const outTradeNo = textOf(biz, 'out_trade_no') ?? '';
  const subject = textOf(biz, 'subject') ?? '';
  const totalFen = yuanToFen(textOf(biz, 'total_amount') ?? '');
  const productCode = textOf(biz, 'product_code') ?? 'QUICK_WAP_WAY';
  if (!/^[0-9A-Za-z_-]{1,64}$/.test(outTradeNo)) return refuse(INVALID_PARAMETER('out_trade_no'));
  if (subject === '' || subject.length > 256) return refuse(INVALID_PARAMETER('subject'));
  if (totalFen === null || totalFen < 1) return refuse(INVALID_PARAMETER('total_amount'));
  if (productCode !== 'QUICK_WAP_WAY' && productCode !== 'QUICK_WAP_PAY') {
    return refuse(business('ACQ.PRODUCT_AMOUNT_LIMIT_ERROR', '产品码不支持'));
  }
  const timeExpire = textOf(biz, 'time_expire');
  const expiresAt = timeExpire === undefined ? null : parseAlipayTime(timeExpire);
  if (timeExpire !== undefined && !expiresAt) return refuse(INVALID_PARAMETER('time_expire'));
  const urls = {
    notifyUrl: params.notify_url || null,
    returnUrl: params.return_url || null,
    quitUrl: textOf(biz, 'quit_url') || null,
  };
  for (const url of Object.values(urls)) {
    if (url !== null && !isHttpUrl(url))
      return refuse(invalid('isv.invalid-parameter', `无效的地址 ${url}`));
  }

  const existing = await findTrade(context.db, context.appId, outTradeNo);
  if (!existing && expiresAt && expiresAt <= context.now) {
    return refuse(business('ACQ.TRADE_HAS_CLOSE', '交易已关闭（订单已超时）'));
  }
  const trade = await liveTrade(
    context,
    existing ??
      (await createTrade(context.db, {
        tradeNo: newTradeNo(context.now),
        appId: context.appId,
        outTradeNo,
        subject,
        totalFen,
        status: 'WAIT_BUYER_PAY',
        ...urls,
        expiresAt,
        createdAt: context.now,
      })),
  );
  if (trade.totalFen !== totalFen || trade.subject !== subject) {
    return refuse(business('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改'), trade);
  }
  if (trade.status === 'TRADE_SUCCESS') {
    return refuse(business('ACQ.TRADE_HAS_SUCCESS', '交易已被支付'), trade);
  }
  if (trade.status === 'TRADE_CLOSED') {
    return refuse(business('ACQ.TRADE_HAS_CLOSE', '交易已关闭'), trade);
  }
  return { kind: 'cashier', trade };
}

/** The trade a request names by out_trade_no or trade_no (both: they must agree). */
async function tradeOf(
  biz: Biz,
  context: GatewayContext,
): Promise<{ trade: SandboxTrade } | { error: GatewayError }> {
  const outTradeNo = textOf(biz, 'out_trade_no');
  const tradeNo = textOf(biz, 'trade_no');
  if (!outTradeNo && !tradeNo) {
    return { error: INVALID_PARAMETER('out_trade_no 和 trade_no 不能同时为空') };
  }
  const found = outTradeNo
    ? await findTrade(context.db, context.appId, outTradeNo)
    : await findTradeByNo(context.db, tradeNo ?? '');
  if (!found || found.appId !== context.appId || (tradeNo && found.tradeNo !== tradeNo)) {
    return { error: TRADE_NOT_EXIST };
  }
  return { trade: await liveTrade(context, found) };
}

async function query(biz: Biz, context: GatewayContext): Promise<Fields> {
  const named = await tradeOf(biz, context);
  if ('error' in named) return named.error;
  const { trade } = named;
  const total = fenToYuan(trade.totalFen);
  const paid = trade.paidAt !== null;
  return {
    code: '10000',
    msg: 'Success',
    trade_no: trade.tradeNo,
    out_trade_no: trade.outTradeNo,
    buyer_logon_id: SANDBOX_BUYER.logonId,
    buyer_user_id: SANDBOX_BUYER.id,
    trade_status: trade.status,
    total_amount: total,
    buyer_pay_amount: paid ? total : '0.00',
    receipt_amount: paid ? total : '0.00',
    invoice_amount: paid ? total : '0.00',
    point_amount: '0.00',
    ...(trade.paidAt ? { send_pay_date: formatAlipayTime(trade.paidAt) } : {}),
  };
}

async function close(biz: Biz, context: GatewayContext): Promise<Fields> {
  const named = await tradeOf(biz, context);
  if ('error' in named) return named.error;
  const { trade } = named;
  const closed = await context.db.transaction(async (tx) => {
    const done = await closeUnpaid(tx, trade.tradeNo, context.now);
    if (done?.notifyUrl) {
      const notify = buildTradeNotify(
        { ...done, notifyUrl: done.notifyUrl },
        { sellerId: context.sellerId, alipayKey: context.alipayKey, now: context.now },
      );
      await enqueueNotify(context, notify, tx);
    }
    return done;
  });
  if (!closed) return TRADE_STATUS_ERROR;
  return {
    code: '10000',
    msg: 'Success',
    trade_no: closed.tradeNo,
    out_trade_no: closed.outTradeNo,
  };
}

async function refund(biz: Biz, context: GatewayContext): Promise<Fields> {
  const outTradeNo = textOf(biz, 'out_trade_no');
  if (!outTradeNo) return INVALID_PARAMETER('out_trade_no');
  const refundFen = yuanToFen(textOf(biz, 'refund_amount') ?? '');
  if (refundFen === null || refundFen < 1) return INVALID_PARAMETER('refund_amount');
  const outRequestNo = textOf(biz, 'out_request_no') || outTradeNo;
  if (outRequestNo.length > 64) return INVALID_PARAMETER('out_request_no');
  const outcome = await refundTrade(
    context.db,
    {
      appId: context.appId,
      outTradeNo,
      outRequestNo,
      refundFen,
      reason: textOf(biz, 'refund_reason')?.slice(0, 256) ?? null,
      now: context.now,
    },
    async (tx, trade, made) => {
      if (!trade.notifyUrl) return;
      const notify = buildTradeNotify(
        { ...trade, notifyUrl: trade.notifyUrl },
        {
          sellerId: context.sellerId,
          alipayKey: context.alipayKey,
          now: context.now,
          refund: made,
        },
      );
      await enqueueNotify(context, notify, tx);
    },
  );
  switch (outcome.kind) {
    case 'no-trade':
      return TRADE_NOT_EXIST;
    case 'not-paid':
      return TRADE_STATUS_ERROR;
    case 'discordant':
      return business('ACQ.DISCORDANT_REPEAT_REQUEST', '请求信息不一致');
    case 'over-amount':
      return business('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
    case 'repeat':
    case 'refunded':
      return {
        code: '10000',
        msg: 'Success',
        trade_no: outcome.trade.tradeNo,
        out_trade_no: outcome.trade.outTradeNo,
        buyer_logon_id: SANDBOX_BUYER.logonId,
        buyer_user_id: SANDBOX_BUYER.id,
        fund_change: outcome.kind === 'refunded' ? 'Y' : 'N',
        // As Alipay: the trade's refunded total, not this refund's amount.
        refund_fee: fenToYuan(outcome.trade.refundedFen),
        send_back_fee: fenToYuan(outcome.refund.refundFen),
        gmt_refund_pay: formatAlipayTime(outcome.refund.createdAt),
      };
  }
}

async function refundQuery(biz: Biz, context: GatewayContext): Promise<Fields> {
  const named = await tradeOf(biz, context);
  if ('error' in named) return named.error;
  const { trade } = named;
  const outRequestNo = textOf(biz, 'out_request_no') || trade.outTradeNo;
  const made = await findRefund(context.db, trade.tradeNo, outRequestNo);
  // Alipay answers success without refund fields when it has no such refund.
  if (!made) return { code: '10000', msg: 'Success' };
  return {
    code: '10000',
    msg: 'Success',
    trade_no: trade.tradeNo,
    out_trade_no: trade.outTradeNo,
    out_request_no: made.outRequestNo,
    total_amount: fenToYuan(trade.totalFen),
    refund_amount: fenToYuan(made.refundFen),
    refund_status: 'REFUND_SUCCESS',
    gmt_refund_pay: formatAlipayTime(made.createdAt),
  };
}

/** One gateway request, its parameters merged from the query string and the form body. */
export async function handleGatewayRequest(
  params: AlipayParams,
  context: GatewayContext,
): Promise<GatewayOutcome> {
  const method = params.method ?? '';
  const isPage = method === WAP_PAY;
  const key = isPage || API_METHODS.has(method) ? responseKey(method) : 'error_response';
  const fail = (error: GatewayError): GatewayOutcome =>
    isPage ? { kind: 'error-page', error } : { kind: 'answer', key, fields: { ...error } };

  const common = commonError(params, context, isPage);
  if (common) return fail(common);
  const parsed = parseBiz(params);
  if ('error' in parsed) return fail(parsed.error);
  const { biz } = parsed;

  if (isPage) return wapPay(biz, params, context);
  const run = {
    'alipay.trade.query': query,
    'alipay.trade.close': close,
    'alipay.trade.refund': refund,
    'alipay.trade.fastpay.refund.query': refundQuery,
  }[method];
  if (!run) return fail(invalid('isv.invalid-method', '不存在的方法名'));
  return { kind: 'answer', key, fields: await run(biz, context) };
}
