import type { KeyObject } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../lib/jobs/job';
import { systemClock, type Clock } from '../../lib/clock';
import type { PaymentProvider } from '../payment/payment-provider';
import { inProcessClient } from '../wechat/sandbox-wechat';
import { fetchClient, type HttpClient } from '../wechat/wechat-api';
import { fenToYuan } from './alipay-amount';
import { alipayNotifyReply, createAlipayProvider } from './alipay-provider';
import {
  loadPrivateKey,
  loadPublicKey,
  notifySignContent,
  parseForm,
  signRsa2,
} from './alipay-sign';
import { formatAlipayTime } from './alipay-time';
import { handleGatewayRequest, type GatewayError } from './sandbox-alipay-gateway';
import type { SandboxAlipayKeys } from './sandbox-alipay-keys';
import { alipaySandboxNotifyJob, buildTradeNotify, postNotify } from './sandbox-alipay-notify';
import { cashierPage, noticePage } from './sandbox-alipay-pages';
import {
  closeIfExpired,
  findTradeByNo,
  markPaid,
  type SandboxTrade,
} from './sandbox-alipay.repository';

/**
 * The embedded stand-in for Alipay (development and tests; production refuses it), under
 * /sandbox/alipay on our own server (decision 0052):
 * - `GET|POST gateway.do`: Alipay's OpenAPI gateway for the adapter's methods, verifying the
 *   merchant's RSA2 signature and signing its answers with the sandbox's "Alipay" key;
 *   `alipay.trade.wap.pay` sends the member's browser on to the cashier;
 * - `GET|POST cashier/:tradeNo`: a phone-sized cashier where a person picks 支付成功 or 支付失败.
 * A payment, closing or refund sends Alipay's asynchronous notify to the trade's notify_url.
 * Trades, refunds and keys live in PostgreSQL, notify retries in the job table: any number of
 * instances play the same Alipay.
 */

export const SANDBOX_ALIPAY_PATH = '/sandbox/alipay';
export const SANDBOX_ALIPAY_GATEWAY_PATH = `${SANDBOX_ALIPAY_PATH}/gateway.do`;
/** Where the server's own calls to the sandbox go (in process; the host is never resolved). */
export const SANDBOX_ALIPAY_API_GATEWAY = `http://alipay-sandbox.internal${SANDBOX_ALIPAY_GATEWAY_PATH}`;
/** Alipay's sandbox applications have APPIDs beginning 9021. */
export const SANDBOX_ALIPAY_APP_ID = '9021000000000001';
export const SANDBOX_ALIPAY_SELLER_ID = '2088000000000001';
const SELLER_NAME = '沙箱商户';

export interface SandboxAlipayOptions {
  db: Db;
  /** The sandbox's key pairs (`sandboxAlipayKeys(db)`), shared with `alipaySandboxProvider`. */
  keys: SandboxAlipayKeys;
  /** Where notifies that were not acknowledged at once are queued for retries. */
  jobs: JobQueue;
  /** Sends notifies: in process for our own origin (`ownOriginClient`). */
  notifyHttp: HttpClient;
  now?: Clock;
}

/** Parsed keys by their PEM text: parsing once per process, whatever the number of calls. */
function keyCache<K>(parse: (pem: string) => K) {
  const parsed = new Map<string, K>();
  return (pem: string): K => {
    let key = parsed.get(pem);
    if (!key) {
      key = parse(pem);
      parsed.set(pem, key);
    }
    return key;
  };
}

/** The parameters of the query string and the form body; null when a name comes twice. */
function gatewayParams(url: string, body: unknown): Record<string, string> | null {
  const at = url.indexOf('?');
  const fromQuery = parseForm(at < 0 ? '' : url.slice(at + 1));
  const fromBody = typeof body === 'string' ? parseForm(body) : {};
  if (!fromQuery || !fromBody) return null;
  for (const name of Object.keys(fromBody)) if (Object.hasOwn(fromQuery, name)) return null;
  return { ...fromQuery, ...fromBody };
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).header('content-type', 'text/html; charset=utf-8').send(html);
}

/** Alipay's answer text: the object under `key`, then its signature over that exact text. */
function signedAnswer(key: string, fields: Record<string, string>, alipayKey: KeyObject): string {
  // Alipay escapes '/' in its JSON: a verifier must sign-check the text as sent, not re-encode.
  const inner = JSON.stringify(fields).replaceAll('/', '\\/');
  return `{"${key}":${inner},"sign":"${signRsa2(inner, alipayKey)}"}`;
}

/** Alipay's synchronous return: the trade's facts on return_url, signed as a notify is. */
function returnUrlOf(trade: SandboxTrade, sellerId: string, alipayKey: KeyObject, now: Date) {
  if (!trade.returnUrl) return null;
  const params: Record<string, string> = {
    charset: 'utf-8',
    out_trade_no: trade.outTradeNo,
    method: 'alipay.trade.wap.pay.return',
    total_amount: fenToYuan(trade.totalFen),
    trade_no: trade.tradeNo,
    auth_app_id: trade.appId,
    version: '1.0',
    app_id: trade.appId,
    sign_type: 'RSA2',
    seller_id: sellerId,
    timestamp: formatAlipayTime(now),
  };
  const url = new URL(trade.returnUrl);
  const signed = { ...params, sign: signRsa2(notifySignContent(params), alipayKey) };
  for (const [name, value] of Object.entries(signed)) url.searchParams.set(name, value);
  return url.toString();
}

function errorTitle(error: GatewayError) {
  if (error.sub_code === 'ACQ.TRADE_HAS_SUCCESS') return '订单已支付';
  if (error.sub_code === 'ACQ.TRADE_HAS_CLOSE') return '交易已关闭';
  return '支付请求有误';
}

export async function registerAlipaySandbox(
  app: FastifyInstance,
  options: SandboxAlipayOptions,
): Promise<void> {
  const { db, jobs } = options;
  const now = options.now ?? systemClock;
  const privateKeyOf = keyCache(loadPrivateKey);
  const publicKeyOf = keyCache(loadPublicKey);
  const alipayKey = async () => privateKeyOf((await options.keys()).alipay.privateKey);
  const cashierPath = (tradeNo: string) => `${SANDBOX_ALIPAY_PATH}/cashier/${tradeNo}`;

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      return payload;
    });

    scope.route({
      method: ['GET', 'POST'],
      url: SANDBOX_ALIPAY_GATEWAY_PATH,
      schema: { hide: true },
      handler: async (request, reply) => {
        const keys = await options.keys();
        const signingKey = privateKeyOf(keys.alipay.privateKey);
        const params = gatewayParams(request.url, request.body);
        const answer = (key: string, fields: Record<string, string>) =>
          reply
            .header('content-type', 'application/json;charset=utf-8')
            .send(signedAnswer(key, fields, signingKey));
        if (!params) {
          return answer('error_response', {
            code: '40002',
            msg: 'Invalid Arguments',
            sub_code: 'isv.invalid-parameter',
            sub_msg: '参数重复',
          });
        }
        const outcome = await handleGatewayRequest(params, {
          db,
          jobs,
          appId: SANDBOX_ALIPAY_APP_ID,
          sellerId: SANDBOX_ALIPAY_SELLER_ID,
          merchantKey: publicKeyOf(keys.merchant.publicKey),
          alipayKey: signingKey,
          now: now(),
        });
        switch (outcome.kind) {
          case 'answer':
            return answer(outcome.key, outcome.fields);
          case 'cashier':
            return reply.redirect(cashierPath(outcome.trade.tradeNo), 302);
          case 'error-page': {
            const { error, trade } = outcome;
            const back = trade?.quitUrl ?? trade?.returnUrl ?? null;
            return sendHtml(
              reply,
              400,
              noticePage(errorTitle(error), `${error.sub_msg}（${error.sub_code}）`, back),
            );
          }
        }
      },
    });

    scope.get<{ Params: { tradeNo: string } }>(
      `${SANDBOX_ALIPAY_PATH}/cashier/:tradeNo`,
      { schema: { hide: true } },
      async (request, reply) => {
        const found = await findTradeByNo(db, request.params.tradeNo);
        if (!found) return sendHtml(reply, 404, noticePage('交易不存在', '请返回商户重新发起支付'));
        const trade = (await closeIfExpired(db, found.tradeNo, now())) ?? found;
        if (trade.status === 'TRADE_SUCCESS') {
          return sendHtml(reply, 200, noticePage('订单已支付', '无需重复支付', trade.returnUrl));
        }
        if (trade.status === 'TRADE_CLOSED') {
          const back = trade.quitUrl ?? trade.returnUrl;
          return sendHtml(reply, 200, noticePage('交易已关闭', '该交易已关闭或超时', back));
        }
        return sendHtml(
          reply,
          200,
          cashierPage({
            tradeNo: trade.tradeNo,
            outTradeNo: trade.outTradeNo,
            subject: trade.subject,
            amountYuan: fenToYuan(trade.totalFen),
            sellerName: SELLER_NAME,
            action: cashierPath(trade.tradeNo),
          }),
        );
      },
    );

    scope.post<{ Params: { tradeNo: string } }>(
      `${SANDBOX_ALIPAY_PATH}/cashier/:tradeNo`,
      { schema: { hide: true } },
      async (request, reply) => {
        const outcome = typeof request.body === 'string' ? parseForm(request.body)?.outcome : null;
        const { tradeNo } = request.params;
        if (outcome !== 'success' && outcome !== 'fail') {
          return sendHtml(reply, 400, noticePage('请选择支付结果', '支付成功或支付失败'));
        }
        if (outcome === 'fail') {
          // As when a member leaves Alipay's cashier: nothing is paid, the trade stays open
          // until it expires, and the browser goes back to the merchant without a result.
          const trade = await findTradeByNo(db, tradeNo);
          const back = trade?.quitUrl ?? trade?.returnUrl;
          if (back) return reply.redirect(back, 303);
          return sendHtml(reply, 200, noticePage('支付未完成', '可以返回商户重新支付'));
        }
        const at = now();
        const key = await alipayKey();
        const result = await db.transaction(async (tx) => {
          const paid = await markPaid(tx, tradeNo, at);
          if (!paid?.notifyUrl) return { paid, notify: null };
          const notify = buildTradeNotify(
            { ...paid, notifyUrl: paid.notifyUrl },
            { sellerId: SANDBOX_ALIPAY_SELLER_ID, alipayKey: key, now: at },
          );
          // Queued with the payment, so a crash before the first try still tells the merchant.
          await jobs.add(
            alipaySandboxNotifyJob,
            { url: notify.url, body: notify.body },
            { key: notify.key, delayMs: 3_000, tx },
          );
          return { paid, notify };
        });
        const trade = result.paid ?? (await findTradeByNo(db, tradeNo));
        if (!trade) return sendHtml(reply, 404, noticePage('交易不存在', '请返回商户重新发起支付'));
        if (result.notify) {
          // The first try at once, so the merchant usually knows before the browser is back.
          const { notify } = result;
          if (await postNotify(options.notifyHttp, notify.url, notify.body)) {
            await jobs.remove(notify.key);
          }
        }
        if (trade.status !== 'TRADE_SUCCESS') {
          const back = trade.quitUrl ?? trade.returnUrl;
          return sendHtml(reply, 409, noticePage('交易已关闭', '该交易已关闭或超时，未扣款', back));
        }
        const back = returnUrlOf(trade, SANDBOX_ALIPAY_SELLER_ID, key, at);
        if (back) return reply.redirect(back, 303);
        return sendHtml(reply, 200, noticePage('支付成功', '可以关闭此页面'));
      },
    );
  });
}

/**
 * The production adapter, configured as the sandbox's merchant: the sandbox's keys (read from
 * the database on first use), its gateway in process for the server's calls, and its gateway
 * on the member's own origin for the payment page.
 */
export function alipaySandboxProvider(options: {
  keys: SandboxAlipayKeys;
  /** The server's calls to the gateway: `inProcessClient(app)`. */
  http: HttpClient;
  now?: Clock;
}): PaymentProvider {
  let ready: Promise<PaymentProvider> | undefined;
  const provider = () => {
    ready ??= options
      .keys()
      .then((keys) =>
        createAlipayProvider(
          {
            appId: SANDBOX_ALIPAY_APP_ID,
            sellerId: SANDBOX_ALIPAY_SELLER_ID,
            merchantPrivateKey: keys.merchant.privateKey,
            alipayPublicKey: keys.alipay.publicKey,
            gatewayUrl: SANDBOX_ALIPAY_API_GATEWAY,
            pageGatewayUrl: SANDBOX_ALIPAY_GATEWAY_PATH,
          },
          { http: options.http, ...(options.now ? { now: options.now } : {}) },
        ),
      )
      .catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
    return ready;
  };
  return {
    channel: 'alipay',
    merchantId: SANDBOX_ALIPAY_APP_ID,
    scenes: ['h5'],
    create: async (input) => (await provider()).create(input),
    verifyNotify: async (request) => (await provider()).verifyNotify(request),
    notifyReply: alipayNotifyReply,
    query: async (outTradeNo) => (await provider()).query(outTradeNo),
    close: async (outTradeNo) => (await provider()).close(outTradeNo),
    refund: async (input) => (await provider()).refund(input),
    queryRefund: async (outTradeNo, outRefundNo) =>
      (await provider()).queryRefund(outTradeNo, outRefundNo),
  };
}

/** Notifies to our own origins go in process (`app.inject`); any other URL over the network. */
export function ownOriginClient(
  app: FastifyInstance,
  ownOrigins: readonly string[],
  network: HttpClient = fetchClient(),
): HttpClient {
  const inProcess = inProcessClient(app);
  return (url, init) => {
    let origin: string;
    try {
      origin = new URL(url).origin;
    } catch {
      return Promise.reject(new Error(`not a URL: ${url}`));
    }
    return ownOrigins.includes(origin) ? inProcess(url, init) : network(url, init);
  };
}
