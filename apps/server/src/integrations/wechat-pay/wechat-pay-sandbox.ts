import { randomBytes, randomInt, randomUUID, type KeyObject } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { systemClock, type Clock } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs/job';
import { SANDBOX_WECHAT_MINIPROGRAM_APP_ID } from '../wechat/sandbox-wechat';
import type { PayHttpClient } from './pay-http';
import { loadSandboxPayKeys, type SandboxPayKeys } from './sandbox-keys';
import { cashierPage, errorPage, resultPage, yuan } from './sandbox-pages';
import {
  isFreshTimestamp,
  parseAuthorization,
  paySignMessage,
  requestSignatureMessage,
  verifySha256Rsa,
} from './wechat-pay-crypto';
import { chinaTime } from './wechat-pay-provider';
import {
  DEFAULT_NOTIFY_RETRY_DELAYS_MS,
  merchantPublicKeyOf,
  notifyNow,
  queueNotify,
  sandboxSigner,
  settleRefund,
  wechatPaySandboxSettleRefundJob,
  type SandboxNotify,
  type SandboxNotifyContext,
} from './wechat-pay-sandbox-notify';
import { wechatPaySandboxRefunds, wechatPaySandboxTrades } from './wechat-pay-sandbox.table';

/**
 * The embedded stand-in for WeChat Pay API v3 (development and tests; production refuses it),
 * under /sandbox/wechat-pay on our own server. It answers what the adapter sends, as WeChat Pay
 * does: the Authorization signature checked with the merchant's public key, answers in WeChat's
 * JSON shapes and error codes signed with the sandbox's "WeChat Pay" key (public key mode).
 * - `POST v3/pay/transactions/jsapi`, `POST v3/pay/transactions/h5`;
 * - `GET v3/pay/transactions/out-trade-no/{no}?mchid=`, `POST …/{no}/close`;
 * - `POST v3/refund/domestic/refunds`, `GET v3/refund/domestic/refunds/{out_refund_no}`;
 * - `GET checkmweb` (the H5 cashier behind h5_url) and `GET jsapi` (the page the JSAPI and
 *   mini-program flows open with the signed getBrandWCPayRequest parameters, which it checks);
 * - `POST pay`: the person's choice, 支付成功 or 支付失败 (form, or JSON for tests).
 * A payment's success sends the encrypted, signed TRANSACTION.SUCCESS notify to notify_url, a
 * refund's REFUND.SUCCESS likewise, again a few times until the merchant answers 200/204: jobs
 * (`registerWechatPaySandboxJobs`), never timers of this process.
 */

export const SANDBOX_WECHAT_PAY_PATH = '/sandbox/wechat-pay';
export const SANDBOX_WECHAT_PAY_MERCHANT_NAME = '华南PCB工厂（沙箱商户）';
/**
 * The mini-program bound to the sandbox merchant when none is configured: the WeChat sandbox's,
 * whose logins hand out the openids its payments take.
 */
export const SANDBOX_WECHAT_PAY_MINIPROGRAM_APP_ID = SANDBOX_WECHAT_MINIPROGRAM_APP_ID;
const DEFAULT_TIME_EXPIRE_MS = 2 * 3600_000;

/**
 * Where a page outside WeChat's browser (no WeixinJSBridge) opens a JSAPI or mini-program launch
 * in the sandbox: the signed getBrandWCPayRequest parameters and the return address.
 */
export function sandboxJsapiPageUrl(
  origin: string,
  params: Record<string, string>,
  returnUrl: string,
): string {
  const query = new URLSearchParams({ ...params, redirect_url: returnUrl });
  return `${new URL(origin).origin}${SANDBOX_WECHAT_PAY_PATH}/jsapi?${query.toString()}`;
}

export interface WechatPaySandboxOptions {
  db: Db;
  /** Our public origin: h5_url starts with it, unless the notify_url is on another of ours. */
  origin: string;
  /**
   * Every origin members may reach us at (default: `origin`): h5_url is on the notify_url's
   * origin when it is one of them (a phone on the LAN stays on its address), and the cashier
   * sends the browser back only to one of them.
   */
  ownOrigins?: readonly string[];
  /** The appids bound to the sandbox merchant (official account, mini-program). */
  appIds: readonly string[];
  /** How notifies reach notify_url: `ownOriginPayClient(app, origins)` in the app. */
  postNotify: PayHttpClient;
  /**
   * Where notify retries and refund settlements are queued; the same runner must handle them
   * (`registerWechatPaySandboxJobs`).
   */
  jobs: JobQueue;
  now?: Clock;
  /** Waits before each further notify attempt after the first. */
  retryDelaysMs?: readonly number[];
  /** How long a refund stays PROCESSING before it succeeds. */
  refundDelayMs?: number;
  log?: (message: string, error?: unknown) => void;
}

type Trade = typeof wechatPaySandboxTrades.$inferSelect;
type Refund = typeof wechatPaySandboxRefunds.$inferSelect;

const TRADE_STATE_DESC: Record<string, string> = {
  NOTPAY: '订单未支付',
  SUCCESS: '支付成功',
  REFUND: '转入退款',
  CLOSED: '订单已关闭',
  PAYERROR: '支付失败，请重新下单支付',
};

class WechatError {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly message: string,
  ) {}
}

const paramError = (message: string) => new WechatError(400, 'PARAM_ERROR', message);

const outTradeNoSchema = z.string().regex(/^[0-9A-Za-z_\-*|]{6,32}$/);
const notifyUrlSchema = z
  .string()
  .max(256)
  .regex(/^https?:\/\/[^\s]+$/);
const amountSchema = z.object({
  total: z.number().int().positive(),
  currency: z.literal('CNY').optional(),
});
const orderBase = {
  appid: z.string().min(1).max(32),
  mchid: z.string().min(1).max(32),
  description: z
    .string()
    .min(1)
    .refine((s) => Buffer.byteLength(s, 'utf8') <= 127),
  out_trade_no: outTradeNoSchema,
  time_expire: z.string().optional(),
  attach: z.string().max(128).optional(),
  notify_url: notifyUrlSchema,
  amount: amountSchema,
};
const jsapiOrderSchema = z.object({
  ...orderBase,
  payer: z.object({ openid: z.string().min(1).max(128) }),
});
const h5OrderSchema = z.object({
  ...orderBase,
  scene_info: z.object({
    payer_client_ip: z.string().min(1).max(45),
    h5_info: z.object({ type: z.string().min(1) }),
  }),
});
const refundSchema = z.object({
  out_trade_no: outTradeNoSchema,
  out_refund_no: z.string().regex(/^[0-9A-Za-z_\-*|@]{1,64}$/),
  reason: z.string().max(80).optional(),
  notify_url: notifyUrlSchema.optional(),
  amount: z.object({
    refund: z.number().int().positive(),
    total: z.number().int().positive(),
    currency: z.literal('CNY'),
  }),
});
const closeSchema = z.object({ mchid: z.string().min(1) });
const paySchema = z.object({
  prepay_id: z.string().min(1).max(64),
  outcome: z.enum(['success', 'fail']),
  redirect_url: z.string().max(2048).optional(),
});

/** What the first zod issue says, in WeChat's words. */
function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) {
    const path = result.error.issues[0]?.path.join('.') ?? '';
    throw paramError(path ? `参数 ${path} 格式错误` : '参数格式错误');
  }
  return result.data;
}

function parseJson(raw: unknown): unknown {
  if (typeof raw !== 'string' || raw === '') throw paramError('请求体为空');
  try {
    return JSON.parse(raw);
  } catch {
    throw paramError('请求体不是有效的 JSON');
  }
}

/** The origin a Referer names, or '' for one that is not a URL. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(10)).join('');
const chinaCompact = (at: Date) => chinaTime(at).slice(0, 19).replace(/\D/g, '');

export async function registerWechatPaySandbox(
  app: FastifyInstance,
  options: WechatPaySandboxOptions,
): Promise<void> {
  const { db } = options;
  const now = options.now ?? systemClock;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_NOTIFY_RETRY_DELAYS_MS;
  const refundDelayMs = options.refundDelayMs ?? 1_000;
  const log = options.log ?? ((message, error) => app.log.warn({ err: error }, message));
  const keys: SandboxPayKeys = await loadSandboxPayKeys(db);
  const signer = sandboxSigner(keys, now);
  const merchantPublicKey: KeyObject = merchantPublicKeyOf(keys);
  const appIds = new Set(options.appIds);
  const base = SANDBOX_WECHAT_PAY_PATH;
  const origin = new URL(options.origin).origin;
  const ownOrigins = new Set([origin, ...(options.ownOrigins ?? []).map((o) => new URL(o).origin)]);
  const notifying: SandboxNotifyContext = {
    db,
    jobs: options.jobs,
    postNotify: options.postNotify,
    signer: async () => signer,
    now,
    log,
  };
  const signedHeaders = signer.headers;

  /** The member's origin as the merchant named it in notify_url, when it is one of ours. */
  const originFor = (notifyUrl: string) => {
    const named = new URL(notifyUrl).origin;
    return ownOrigins.has(named) ? named : origin;
  };

  function answer(reply: FastifyReply, status: number, body?: unknown) {
    const text = body === undefined ? '' : JSON.stringify(body);
    reply
      .code(status)
      .headers({
        ...signedHeaders(text),
        'request-id': randomUUID().replace(/-/g, '').toUpperCase(),
        'cache-control': 'no-store',
      })
      .header('content-type', 'application/json; charset=utf-8');
    return reply.send(text);
  }

  /** The merchant's Authorization, checked as WeChat Pay checks it; a WechatError if not. */
  function authenticate(request: FastifyRequest): void {
    const auth = parseAuthorization(request.headers.authorization);
    if (!auth) throw new WechatError(401, 'SIGN_ERROR', 'Authorization 头缺失或格式错误');
    if (auth.mchid !== keys.mchid) throw new WechatError(400, 'MCH_NOT_EXISTS', '商户号不存在');
    if (auth.serial_no !== keys.merchantSerialNo) {
      throw new WechatError(401, 'SIGN_ERROR', '商户证书序列号有误');
    }
    if (!isFreshTimestamp(auth.timestamp, now())) {
      throw new WechatError(401, 'SIGN_ERROR', '请求的时间戳已过期');
    }
    const body = typeof request.body === 'string' ? request.body : '';
    const message = requestSignatureMessage(
      request.method,
      request.url,
      auth.timestamp,
      auth.nonce_str,
      body,
    );
    if (!verifySha256Rsa(message, auth.signature, merchantPublicKey)) {
      throw new WechatError(401, 'SIGN_ERROR', '签名错误');
    }
  }

  const api =
    (handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        authenticate(request);
        return await handler(request, reply);
      } catch (error) {
        if (error instanceof WechatError) {
          return answer(reply, error.status, { code: error.code, message: error.message });
        }
        log('WeChat Pay sandbox: API call failed', error);
        return answer(reply, 500, { code: 'SYSTEM_ERROR', message: '系统错误' });
      }
    };

  const findTrade = async (outTradeNo: string) =>
    (
      await db
        .select()
        .from(wechatPaySandboxTrades)
        .where(
          and(
            eq(wechatPaySandboxTrades.mchid, keys.mchid),
            eq(wechatPaySandboxTrades.outTradeNo, outTradeNo),
          ),
        )
    )[0];

  const findRefund = async (outRefundNo: string) =>
    (
      await db
        .select()
        .from(wechatPaySandboxRefunds)
        .where(
          and(
            eq(wechatPaySandboxRefunds.mchid, keys.mchid),
            eq(wechatPaySandboxRefunds.outRefundNo, outRefundNo),
          ),
        )
    )[0];

  const payerOpenId = (t: Trade) =>
    t.openid ?? `oH5${Buffer.from(t.prepayId).toString('base64url').slice(-25)}`;

  function transactionJson(t: Trade) {
    const paid = t.tradeState === 'SUCCESS' || t.tradeState === 'REFUND';
    return {
      appid: t.appid,
      mchid: t.mchid,
      out_trade_no: t.outTradeNo,
      ...(paid
        ? {
            transaction_id: t.transactionId,
            trade_type: t.tradeType,
            bank_type: 'OTHERS',
            success_time: t.successTime ? chinaTime(t.successTime) : undefined,
            payer: { openid: payerOpenId(t) },
          }
        : {}),
      trade_state: t.tradeState,
      trade_state_desc: TRADE_STATE_DESC[t.tradeState] ?? '',
      attach: '',
      amount: paid
        ? { total: t.total, payer_total: t.total, currency: 'CNY', payer_currency: 'CNY' }
        : { total: t.total, currency: 'CNY', payer_currency: 'CNY' },
      promotion_detail: [],
    };
  }

  function refundJson(r: Refund, t: Trade) {
    return {
      refund_id: r.refundId,
      out_refund_no: r.outRefundNo,
      transaction_id: t.transactionId,
      out_trade_no: r.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      ...(r.successTime ? { success_time: chinaTime(r.successTime) } : {}),
      create_time: chinaTime(r.createdAt),
      status: r.status,
      funds_account: 'AVAILABLE',
      amount: {
        total: t.total,
        refund: r.refund,
        from: [],
        payer_total: t.total,
        payer_refund: r.refund,
        settlement_refund: r.refund,
        settlement_total: t.total,
        discount_refund: 0,
        currency: 'CNY',
        refund_fee: 0,
      },
      promotion_detail: [],
    };
  }

  async function createOrder(
    kind: 'JSAPI' | 'MWEB',
    input: z.infer<typeof jsapiOrderSchema> | z.infer<typeof h5OrderSchema>,
  ): Promise<Trade> {
    // authenticate() already held the Authorization's mchid to the sandbox merchant's.
    if (input.mchid !== keys.mchid) throw paramError('mchid 与请求商户号不一致');
    if (!appIds.has(input.appid)) {
      throw new WechatError(400, 'APPID_MCHID_NOT_MATCH', 'appid和mch_id不匹配');
    }
    const at = now();
    let timeExpire = new Date(at.getTime() + DEFAULT_TIME_EXPIRE_MS);
    if (input.time_expire !== undefined) {
      if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)$/.test(input.time_expire)) {
        throw paramError('time_expire 格式错误');
      }
      timeExpire = new Date(input.time_expire);
      if (timeExpire.getTime() <= at.getTime()) throw paramError('time_expire 时间过短');
    }
    const openid = 'payer' in input ? input.payer.openid : null;
    const payerClientIp = 'scene_info' in input ? input.scene_info.payer_client_ip : null;
    const [created] = await db
      .insert(wechatPaySandboxTrades)
      .values({
        mchid: keys.mchid,
        outTradeNo: input.out_trade_no,
        appid: input.appid,
        tradeType: kind,
        description: input.description,
        total: input.amount.total,
        openid,
        payerClientIp,
        notifyUrl: input.notify_url,
        timeExpire,
        prepayId: `wx${chinaCompact(at)}${randomBytes(10).toString('hex')}`,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
    // The same out_trade_no again: the same order gets its prepay_id; another is refused.
    const existing = await findTrade(input.out_trade_no);
    if (!existing) throw new WechatError(500, 'SYSTEM_ERROR', '系统错误');
    if (existing.tradeState === 'SUCCESS' || existing.tradeState === 'REFUND') {
      throw new WechatError(400, 'ORDERPAID', '该订单已支付');
    }
    if (existing.tradeState === 'CLOSED') throw new WechatError(400, 'ORDER_CLOSED', '订单已关闭');
    const same =
      existing.tradeType === kind &&
      existing.appid === input.appid &&
      existing.total === input.amount.total &&
      existing.description === input.description &&
      existing.openid === openid;
    if (!same) throw new WechatError(403, 'OUT_TRADE_NO_USED', '商户订单号重复');
    return existing;
  }

  await app.register(async (scope) => {
    // Signatures cover the body exactly as sent: keep it a string. Forms come from the cashier.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const hide = { schema: { hide: true } };

    scope.post(
      `${base}/v3/pay/transactions/jsapi`,
      hide,
      api(async (request, reply) => {
        const input = parse(jsapiOrderSchema, parseJson(request.body));
        const trade = await createOrder('JSAPI', input);
        return answer(reply, 200, { prepay_id: trade.prepayId });
      }),
    );

    scope.post(
      `${base}/v3/pay/transactions/h5`,
      hide,
      api(async (request, reply) => {
        const input = parse(h5OrderSchema, parseJson(request.body));
        const trade = await createOrder('MWEB', input);
        const pkg = String(randomInt(1_000_000_000, 9_999_999_999));
        return answer(reply, 200, {
          h5_url: `${originFor(trade.notifyUrl)}${base}/checkmweb?prepay_id=${trade.prepayId}&package=${pkg}`,
        });
      }),
    );

    scope.get(
      `${base}/v3/pay/transactions/out-trade-no/:outTradeNo`,
      hide,
      api(async (request, reply) => {
        const { outTradeNo } = request.params as { outTradeNo: string };
        const { mchid } = request.query as { mchid?: string };
        if (!mchid) throw paramError('缺少参数 mchid');
        if (mchid !== keys.mchid) throw new WechatError(400, 'MCH_NOT_EXISTS', '商户号不存在');
        const trade = await findTrade(outTradeNo);
        if (!trade) throw new WechatError(404, 'ORDER_NOT_EXIST', '订单不存在');
        return answer(reply, 200, transactionJson(trade));
      }),
    );

    scope.post(
      `${base}/v3/pay/transactions/out-trade-no/:outTradeNo/close`,
      hide,
      api(async (request, reply) => {
        const { outTradeNo } = request.params as { outTradeNo: string };
        const input = parse(closeSchema, parseJson(request.body));
        if (input.mchid !== keys.mchid)
          throw new WechatError(400, 'MCH_NOT_EXISTS', '商户号不存在');
        const [closed] = await db
          .update(wechatPaySandboxTrades)
          .set({ tradeState: 'CLOSED' })
          .where(
            and(
              eq(wechatPaySandboxTrades.mchid, keys.mchid),
              eq(wechatPaySandboxTrades.outTradeNo, outTradeNo),
              sql`${wechatPaySandboxTrades.tradeState} IN ('NOTPAY', 'PAYERROR', 'CLOSED')`,
            ),
          )
          .returning({ id: wechatPaySandboxTrades.id });
        if (closed) return answer(reply, 204);
        const trade = await findTrade(outTradeNo);
        if (!trade) throw new WechatError(404, 'ORDER_NOT_EXIST', '订单不存在');
        throw new WechatError(400, 'ORDERPAID', '订单已支付，不能发起关单');
      }),
    );

    scope.post(
      `${base}/v3/refund/domestic/refunds`,
      hide,
      api(async (request, reply) => {
        const input = parse(refundSchema, parseJson(request.body));
        const trade = await findTrade(input.out_trade_no);
        if (!trade) throw new WechatError(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
        if (trade.tradeState !== 'SUCCESS' && trade.tradeState !== 'REFUND') {
          throw new WechatError(400, 'INVALID_REQUEST', '订单未支付，不能退款');
        }
        if (input.amount.total !== trade.total) {
          throw paramError('订单金额 amount.total 与原订单不一致');
        }
        const at = now();
        const created = await db.transaction(async (tx) => {
          const [refund] = await tx
            .insert(wechatPaySandboxRefunds)
            .values({
              mchid: keys.mchid,
              outTradeNo: trade.outTradeNo,
              outRefundNo: input.out_refund_no,
              refundId: `5030${chinaCompact(at).slice(0, 8)}${digits(17)}`,
              refund: input.amount.refund,
              reason: input.reason ?? null,
              notifyUrl: input.notify_url ?? null,
              createdAt: at,
            })
            .onConflictDoNothing()
            .returning();
          if (!refund) return null;
          // Never more back than was paid, also when two refunds race (CHECK holds it too).
          const [updated] = await tx
            .update(wechatPaySandboxTrades)
            .set({
              refunded: sql`${wechatPaySandboxTrades.refunded} + ${input.amount.refund}`,
              tradeState: 'REFUND',
            })
            .where(
              and(
                eq(wechatPaySandboxTrades.id, trade.id),
                sql`${wechatPaySandboxTrades.refunded} + ${input.amount.refund} <= ${wechatPaySandboxTrades.total}`,
              ),
            )
            .returning();
          if (!updated) throw new WechatError(403, 'NOT_ENOUGH', '申请退款金额超过订单可退金额');
          await options.jobs.add(
            wechatPaySandboxSettleRefundJob,
            { refundId: refund.id, retryDelaysMs: [...retryDelays] },
            { delayMs: refundDelayMs, tx },
          );
          return { refund, trade: updated };
        });
        if (!created) {
          // The same out_refund_no again: the same refund, or a refusal when it differs.
          const existing = await findRefund(input.out_refund_no);
          if (
            !existing ||
            existing.outTradeNo !== input.out_trade_no ||
            existing.refund !== input.amount.refund
          ) {
            throw paramError('商户退款单号 out_refund_no 已用于其他退款');
          }
          return answer(reply, 200, refundJson(existing, trade));
        }
        return answer(reply, 200, refundJson(created.refund, created.trade));
      }),
    );

    scope.get(
      `${base}/v3/refund/domestic/refunds/:outRefundNo`,
      hide,
      api(async (request, reply) => {
        const { outRefundNo } = request.params as { outRefundNo: string };
        let refund = await findRefund(outRefundNo);
        if (!refund) throw new WechatError(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
        // Whichever instance is asked first settles a refund that is due.
        if (
          refund.status === 'PROCESSING' &&
          refund.createdAt.getTime() + refundDelayMs <= now().getTime()
        ) {
          refund =
            (await settleRefund(notifying, refund.id, retryDelays)) ??
            (await findRefund(outRefundNo)) ??
            refund;
        }
        const trade = await findTrade(refund.outTradeNo);
        if (!trade) throw new WechatError(500, 'SYSTEM_ERROR', '系统错误');
        return answer(reply, 200, refundJson(refund, trade));
      }),
    );

    const html = (reply: FastifyReply, status: number, body: string) =>
      reply
        .code(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(body);

    const findByPrepay = async (prepayId: string) =>
      (
        await db
          .select()
          .from(wechatPaySandboxTrades)
          .where(eq(wechatPaySandboxTrades.prepayId, prepayId))
      )[0];

    /** Why this trade cannot be paid now, or null. */
    const unpayable = (t: Trade): string | null => {
      if (t.tradeState === 'SUCCESS' || t.tradeState === 'REFUND') return '该订单已支付';
      if (t.tradeState === 'CLOSED') return '订单已关闭';
      if (t.tradeState === 'PAYERROR') return '支付失败，请重新下单支付';
      if (t.timeExpire.getTime() <= now().getTime()) return '订单已过期，请重新下单';
      return null;
    };

    /** A return address on one of our origins, or none (the sandbox is no open redirect). */
    const safeReturn = (url: string | undefined): string | undefined => {
      if (!url) return undefined;
      try {
        const target = new URL(url, origin);
        return ownOrigins.has(target.origin) ? target.toString() : undefined;
      } catch {
        return undefined;
      }
    };

    const cashier = (reply: FastifyReply, trade: Trade, redirectUrl: string | undefined) => {
      const problem = unpayable(trade);
      if (problem) return html(reply, 200, errorPage(problem));
      const back = safeReturn(redirectUrl);
      return html(
        reply,
        200,
        cashierPage({
          description: trade.description,
          totalFen: trade.total,
          merchantName: SANDBOX_WECHAT_PAY_MERCHANT_NAME,
          outTradeNo: trade.outTradeNo,
          action: `${base}/pay`,
          fields: { prepay_id: trade.prepayId, ...(back ? { redirect_url: back } : {}) },
        }),
      );
    };

    // The H5 cashier behind h5_url (WeChat's checkmweb), with the merchant's redirect_url.
    scope.get(`${base}/checkmweb`, hide, async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const trade = query.prepay_id ? await findByPrepay(query.prepay_id) : undefined;
      if (!trade || trade.tradeType !== 'MWEB') {
        return html(reply, 404, errorPage('商家参数格式有误，请联系商家解决'));
      }
      // WeChat Pay opens h5_url only from the merchant's registered H5 domain, which it reads
      // from the Referer: none (a page with Referrer-Policy no-referrer) and another domain are
      // refused with WeChat's own words (decision 0057). Here the domain is our own origins.
      const referer = request.headers.referer;
      if (!referer) return html(reply, 400, errorPage('商家参数格式有误，请联系商家解决'));
      if (!ownOrigins.has(originOf(referer))) {
        return html(reply, 400, errorPage('商家存在未配置的参数，请联系商家解决'));
      }
      return cashier(reply, trade, query.redirect_url);
    });

    // What getBrandWCPayRequest / wx.requestPayment would show, checking paySign as WeChat does.
    scope.get(`${base}/jsapi`, hide, async (request, reply) => {
      const q = request.query as Record<string, string | undefined>;
      const prepayId = q.package?.startsWith('prepay_id=') ? q.package.slice(10) : '';
      const trade = prepayId ? await findByPrepay(prepayId) : undefined;
      if (!trade || trade.tradeType !== 'JSAPI' || q.signType !== 'RSA') {
        return html(reply, 400, errorPage('商家参数格式有误，请联系商家解决'));
      }
      const signed =
        q.appId === trade.appid &&
        !!q.timeStamp &&
        !!q.nonceStr &&
        !!q.paySign &&
        verifySha256Rsa(
          paySignMessage(q.appId, q.timeStamp, q.nonceStr, q.package ?? ''),
          q.paySign,
          merchantPublicKey,
        );
      if (!signed) return html(reply, 400, errorPage('支付验证签名失败'));
      return cashier(reply, trade, q.redirect_url);
    });

    // The payer's choice. A form from the cashier pages, or JSON (tests): {prepay_id, outcome}.
    scope.post(`${base}/pay`, hide, async (request, reply) => {
      const wantsJson = String(request.headers['content-type'] ?? '').includes('application/json');
      let input: z.infer<typeof paySchema>;
      try {
        input = parse(paySchema, wantsJson ? parseJson(request.body) : request.body);
      } catch {
        return wantsJson
          ? reply.code(400).send({ err_msg: 'get_brand_wcpay_request:fail', message: '参数错误' })
          : html(reply, 400, errorPage('参数错误'));
      }
      const trade = await findByPrepay(input.prepay_id);
      if (!trade) {
        return wantsJson
          ? reply.code(404).send({ err_msg: 'get_brand_wcpay_request:fail', message: '订单不存在' })
          : html(reply, 404, errorPage('订单不存在'));
      }
      const at = now();
      const payable = and(
        eq(wechatPaySandboxTrades.id, trade.id),
        eq(wechatPaySandboxTrades.tradeState, 'NOTPAY'),
        sql`${wechatPaySandboxTrades.timeExpire} > ${at.toISOString()}`,
      );
      let ok = false;
      let message: string;
      if (input.outcome === 'success') {
        const paid = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(wechatPaySandboxTrades)
            .set({
              tradeState: 'SUCCESS',
              transactionId: `4200${chinaCompact(at).slice(0, 8)}${digits(16)}`,
              successTime: at,
            })
            .where(payable)
            .returning();
          if (!row) return null;
          const notify: SandboxNotify = {
            table: 'trade',
            id: row.id,
            url: row.notifyUrl,
            body: signer.envelope(
              'TRANSACTION.SUCCESS',
              '支付成功',
              'transaction',
              transactionJson(row),
            ),
          };
          // Queued with the payment, so a crash before the first try still tells the merchant.
          await queueNotify(notifying, tx, notify, retryDelays);
          return { row, notify };
        });
        if (paid) {
          ok = true;
          message = `已支付 ¥${yuan(paid.row.total)}`;
          // The first try now, so the merchant knows before the browser returns to it.
          await notifyNow(notifying, paid.notify);
        } else {
          const fresh = (await findByPrepay(input.prepay_id)) ?? trade;
          message = unpayable(fresh) ?? '支付失败';
        }
      } else {
        const [failed] = await db
          .update(wechatPaySandboxTrades)
          .set({ tradeState: 'PAYERROR' })
          .where(payable)
          .returning({ id: wechatPaySandboxTrades.id });
        message = failed ? '本次支付未完成，未扣款' : (unpayable(trade) ?? '支付失败');
      }
      if (wantsJson) {
        return reply.send({
          err_msg: ok ? 'get_brand_wcpay_request:ok' : 'get_brand_wcpay_request:fail',
          message,
        });
      }
      const back = safeReturn(input.redirect_url);
      if (back) return reply.redirect(back, 303);
      return html(reply, 200, resultPage(ok, message));
    });
  });
}
