import { createPublicKey } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../../test/helper';
import { createDatabase, type Database } from '../../db/client';
import { createJobRunner } from '../../lib/jobs/job-runner';
import {
  PaymentProviderError,
  type NotifyEvent,
  type PaymentLaunch,
  type PaymentProvider,
} from '../payment/payment-provider';
import { ownOriginPayClient, type PayHttpClient } from './pay-http';
import { loadSandboxPayKeys } from './sandbox-keys';
import {
  createNonce,
  formatAuthorization,
  paySignMessage,
  privateKeyFrom,
  requestSignatureMessage,
  signSha256Rsa,
  verifySha256Rsa,
} from './wechat-pay-crypto';
import {
  registerWechatPaySandbox,
  SANDBOX_WECHAT_PAY_PATH,
  sandboxJsapiPageUrl,
} from './wechat-pay-sandbox';
import { registerWechatPaySandboxJobs } from './wechat-pay-sandbox-notify';
import { wechatPaySandboxProvider } from './wechat-pay-sandbox-provider';
import { wechatPaySandboxTrades } from './wechat-pay-sandbox.table';

const ORIGIN = 'http://localhost';
const APP_ID = 'wxsandbox000000001';
const MINI_APP_ID = 'wxsandboxminiapp01';
const NOTIFY_URL = `${ORIGIN}/test/notify/wechat-pay`;
const RETURN_URL = `${ORIGIN}/TheOrders/paySuccess?orderNo=P2611260001`;

let database: Database;
let app: FastifyInstance;
let wechatPay: PaymentProvider;
/** Every notify our test route verified, and how many it refused before answering 204. */
const events: NotifyEvent[] = [];
const rejectedAttempts: string[] = [];
let refuseNext = 0;
let seq = 0;

/**
 * Like the app: JSON bodies are parsed at the root, the sandbox keeps its own raw; its notify
 * retries and refund settlements run on the real job runner, started and stopped with the app.
 */
async function buildSandboxApp(db: Database['db']): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  const runner = createJobRunner({
    db,
    pool: database.pool,
    log: server.log,
    concurrency: 2,
    pollIntervalMs: 50,
  });
  server.addHook('onReady', () => runner.start());
  server.addHook('onClose', () => runner.stop());
  const json = server.getDefaultJsonParser('error', 'ignore');
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : json(request, body as string, done),
  );
  const offline: PayHttpClient = async (url) => {
    throw new Error(`no network in tests: ${url}`);
  };
  const postNotify = ownOriginPayClient(server, ORIGIN, offline);
  registerWechatPaySandboxJobs(runner, { db, jobs: runner, postNotify });
  await registerWechatPaySandbox(server, {
    db,
    origin: ORIGIN,
    appIds: [APP_ID, MINI_APP_ID],
    postNotify,
    jobs: runner,
    // The first retry waits longer than a first try takes, so a try accepted at once is the
    // only one (the job also skips a notify already accepted).
    retryDelaysMs: [300, 20, 20],
    refundDelayMs: 0,
    log: () => undefined,
  });
  // The payment module's raw notify route, as it will be: verify, then WeChat's exact reply.
  await server.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) =>
      done(null, body),
    );
    scope.post('/test/notify/wechat-pay', async (request, reply) => {
      let accepted = false;
      try {
        const event = await wechatPay.verifyNotify({
          headers: request.headers as Record<string, string | undefined>,
          rawBody: String(request.body ?? ''),
        });
        if (refuseNext > 0) {
          refuseNext -= 1;
          rejectedAttempts.push(event.kind);
        } else {
          events.push(event);
          accepted = true;
        }
      } catch {
        accepted = false;
      }
      const answer = wechatPay.notifyReply(accepted);
      return reply.code(answer.status).header('content-type', answer.contentType).send(answer.body);
    });
  });
  return server;
}

beforeAll(async () => {
  database = createDatabase(await createTestDatabase(), { max: 5, onError: () => undefined });
  app = await buildSandboxApp(database.db);
  wechatPay = wechatPaySandboxProvider({
    app,
    db: database.db,
    origin: ORIGIN,
    appId: APP_ID,
    miniProgramAppId: MINI_APP_ID,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.pool.end();
});

/** Room for the job runner on a busy machine. */
const WAIT = { timeout: 5_000, interval: 50 };

/** Notify tries of a trade waiting in the job table. */
const waitingNotifies = async (tradeId: number) =>
  (
    await database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = $1`,
      [`wechatPaySandbox:notify:trade:${tradeId}`],
    )
  ).rows[0]?.n ?? 0;

const nextTradeNo = () => `WXT${Date.now().toString(36)}${(seq++).toString().padStart(4, '0')}`;

function payment(scene: 'h5' | 'jsapi' | 'miniprogram', amountFen = 12_345) {
  return {
    outTradeNo: nextTradeNo(),
    amountFen,
    subject: 'PCB订单 P2611260001',
    scene,
    openId: scene === 'h5' ? undefined : 'oSandboxPayer00000000000001',
    clientIp: '203.0.113.7',
    returnUrl: RETURN_URL,
    notifyUrl: NOTIFY_URL,
    expiresAt: new Date(Date.now() + 30 * 60_000),
  } as const;
}

const relative = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** The hidden fields of the cashier's form. */
function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[m[1] ?? ''] = (m[2] ?? '').replaceAll('&amp;', '&');
  }
  return fields;
}

const paymentEvent = (outTradeNo: string) =>
  events.find((e) => e.kind === 'payment' && e.transaction.outTradeNo === outTradeNo);
const refundEvent = (outRefundNo: string) =>
  events.find((e) => e.kind === 'refund' && e.refund.outRefundNo === outRefundNo);

/** h5_url opened from our own page, which sends its origin as the Referer. */
const openH5 = (url: string) =>
  app.inject({ method: 'GET', url: relative(url), headers: { referer: `${ORIGIN}/` } });

function jsapiPageUrl(launch: PaymentLaunch, returnUrl = RETURN_URL) {
  if (launch.kind !== 'jsapi') throw new Error('not a JSAPI launch');
  return relative(sandboxJsapiPageUrl(ORIGIN, launch.params, returnUrl));
}

describe('the WeChat Pay sandbox, driven by the production adapter', () => {
  it('H5: create → cashier → 支付成功 → verified notify → paid → refund → refund notify', async () => {
    const input = payment('h5');
    const launch = await wechatPay.create(input);
    expect(launch.kind).toBe('redirect');
    if (launch.kind !== 'redirect') return;
    const h5Url = new URL(launch.url);
    expect(`${h5Url.origin}${h5Url.pathname}`).toBe(
      `${ORIGIN}${SANDBOX_WECHAT_PAY_PATH}/checkmweb`,
    );
    expect(h5Url.searchParams.get('prepay_id')).toMatch(/^wx\d{14}[0-9a-f]{20}$/);
    expect(h5Url.searchParams.get('redirect_url')).toBe(RETURN_URL);

    // Opened without the merchant's domain as the Referer, as WeChat Pay refuses it.
    const bare = await app.inject({ method: 'GET', url: relative(launch.url) });
    expect(bare.statusCode).toBe(400);
    expect(bare.body).toContain('商家参数格式有误，请联系商家解决');
    const elsewhere = await app.inject({
      method: 'GET',
      url: relative(launch.url),
      headers: { referer: 'https://evil.example/' },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.body).toContain('商家存在未配置的参数，请联系商家解决');
    const page = await openH5(launch.url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('width=device-width');
    expect(page.body).toContain('PCB订单 P2611260001');
    expect(page.body).toContain('123.45');
    expect(page.body).toContain('支付成功');
    expect(page.body).toContain('支付失败');
    expect(await wechatPay.query(input.outTradeNo)).toMatchObject({ status: 'pending' });

    const paid = await app.inject({
      method: 'POST',
      url: `${SANDBOX_WECHAT_PAY_PATH}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...formFields(page.body), outcome: 'success' }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(RETURN_URL);

    // The notify was delivered before the browser was sent back.
    const event = paymentEvent(input.outTradeNo);
    expect(event).toMatchObject({
      kind: 'payment',
      transaction: {
        channel: 'wechat',
        outTradeNo: input.outTradeNo,
        status: 'paid',
        amountFen: 12_345,
        merchantId: wechatPay.merchantId,
      },
    });
    const queried = await wechatPay.query(input.outTradeNo);
    expect(queried).toMatchObject({ status: 'paid', amountFen: 12_345 });
    expect(queried?.providerTradeNo).toMatch(/^4200\d{24}$/);
    expect(event?.kind === 'payment' && event.transaction.providerTradeNo).toBe(
      queried?.providerTradeNo,
    );
    // Paid once: the cashier and close both refuse now.
    const again = await openH5(launch.url);
    expect(again.body).toContain('该订单已支付');
    await expect(wechatPay.close(input.outTradeNo)).rejects.toMatchObject({ code: 'ORDERPAID' });

    const refund = await wechatPay.refund({
      outTradeNo: input.outTradeNo,
      outRefundNo: `RF${input.outTradeNo}`,
      refundFen: 12_345,
      totalFen: 12_345,
      reason: '订单取消',
      notifyUrl: NOTIFY_URL,
    });
    expect(refund).toMatchObject({ status: 'processing', refundFen: 12_345 });
    expect(refund.providerRefundNo).toMatch(/^5030\d{25}$/);
    await vi.waitFor(() => expect(refundEvent(`RF${input.outTradeNo}`)).toBeDefined(), WAIT);
    expect(refundEvent(`RF${input.outTradeNo}`)).toMatchObject({
      kind: 'refund',
      refund: { outTradeNo: input.outTradeNo, status: 'success', refundFen: 12_345 },
    });
    expect(await wechatPay.queryRefund(input.outTradeNo, `RF${input.outTradeNo}`)).toMatchObject({
      status: 'success',
      providerRefundNo: refund.providerRefundNo,
    });
    // Nothing more to refund; the same refund number again is the same refund.
    await expect(
      wechatPay.refund({
        outTradeNo: input.outTradeNo,
        outRefundNo: `RX${input.outTradeNo}`,
        refundFen: 1,
        totalFen: 12_345,
        reason: '再退一分',
        notifyUrl: NOTIFY_URL,
      }),
    ).rejects.toMatchObject({ code: 'NOT_ENOUGH' });
    const repeated = await wechatPay.refund({
      outTradeNo: input.outTradeNo,
      outRefundNo: `RF${input.outTradeNo}`,
      refundFen: 12_345,
      totalFen: 12_345,
      reason: '订单取消',
      notifyUrl: NOTIFY_URL,
    });
    expect(repeated).toMatchObject({
      providerRefundNo: refund.providerRefundNo,
      status: 'success',
    });
    expect(await wechatPay.query(input.outTradeNo)).toMatchObject({ status: 'paid' });
  });

  it('JSAPI: the signed parameters open the cashier; the outcome posted for the prepay_id pays', async () => {
    const input = payment('jsapi', 990);
    const launch = await wechatPay.create(input);
    if (launch.kind !== 'jsapi') throw new Error('expected a JSAPI launch');
    const keys = await loadSandboxPayKeys(database.db);
    const { params } = launch;
    expect(params.appId).toBe(APP_ID);
    expect(params.package).toMatch(/^prepay_id=wx/);
    expect(
      verifySha256Rsa(
        paySignMessage(params.appId, params.timeStamp, params.nonceStr, params.package),
        params.paySign,
        createPublicKey(keys.merchantPrivateKey),
      ),
    ).toBe(true);

    const page = await app.inject({ method: 'GET', url: jsapiPageUrl(launch) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('9.90');
    // WeChat checks paySign before it shows anything.
    const tampered = await app.inject({
      method: 'GET',
      url: jsapiPageUrl({
        ...launch,
        params: { ...params, timeStamp: String(Number(params.timeStamp) + 1) },
      }),
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.body).toContain('支付验证签名失败');

    const prepayId = params.package.slice('prepay_id='.length);
    const paid = await app.inject({
      method: 'POST',
      url: `${SANDBOX_WECHAT_PAY_PATH}/pay`,
      payload: { prepay_id: prepayId, outcome: 'success' },
    });
    expect(paid.json()).toMatchObject({ err_msg: 'get_brand_wcpay_request:ok' });
    expect(paymentEvent(input.outTradeNo)).toMatchObject({
      transaction: { status: 'paid', amountFen: 990 },
    });
    expect(await wechatPay.query(input.outTradeNo)).toMatchObject({ status: 'paid' });

    // A second click pays nothing more.
    const twice = await app.inject({
      method: 'POST',
      url: `${SANDBOX_WECHAT_PAY_PATH}/pay`,
      payload: { prepay_id: prepayId, outcome: 'success' },
    });
    expect(twice.json()).toMatchObject({
      err_msg: 'get_brand_wcpay_request:fail',
      message: '该订单已支付',
    });
    expect(
      events.filter((e) => e.kind === 'payment' && e.transaction.outTradeNo === input.outTradeNo),
    ).toHaveLength(1);

    const partial = await wechatPay.refund({
      outTradeNo: input.outTradeNo,
      outRefundNo: `RF${input.outTradeNo}`,
      refundFen: 490,
      totalFen: 990,
      reason: '部分退款',
      notifyUrl: NOTIFY_URL,
    });
    expect(partial.status).toBe('processing');
    await vi.waitFor(() => expect(refundEvent(`RF${input.outTradeNo}`)).toBeDefined(), WAIT);
    expect(await wechatPay.queryRefund(input.outTradeNo, `RF${input.outTradeNo}`)).toMatchObject({
      status: 'success',
      refundFen: 490,
    });
  });

  it('mini-program: the same JSAPI order under the mini-program’s appid', async () => {
    const launch = await wechatPay.create(payment('miniprogram', 100));
    expect(launch.kind === 'jsapi' && launch.params.appId).toBe(MINI_APP_ID);
    const page = await app.inject({ method: 'GET', url: jsapiPageUrl(launch) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('1.00');
  });

  it('支付失败: no notify, the payment is over unpaid (PAYERROR) and can be closed', async () => {
    const input = payment('h5', 500);
    const launch = await wechatPay.create(input);
    if (launch.kind !== 'redirect') throw new Error('expected a redirect');
    const page = await openH5(launch.url);
    const { prepay_id } = formFields(page.body);
    const failed = await app.inject({
      method: 'POST',
      url: `${SANDBOX_WECHAT_PAY_PATH}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ prepay_id: prepay_id ?? '', outcome: 'fail' }).toString(),
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('支付失败');
    expect(paymentEvent(input.outTradeNo)).toBeUndefined();
    // PAYERROR: never paid after it, so the adapter reports it closed.
    expect(await wechatPay.query(input.outTradeNo)).toMatchObject({
      status: 'closed',
      providerTradeNo: null,
      paidAt: null,
    });
    const later = await app.inject({
      method: 'POST',
      url: `${SANDBOX_WECHAT_PAY_PATH}/pay`,
      payload: { prepay_id, outcome: 'success' },
    });
    expect(later.json()).toMatchObject({ err_msg: 'get_brand_wcpay_request:fail' });
    await wechatPay.close(input.outTradeNo);
    await wechatPay.close(input.outTradeNo);
    expect(await wechatPay.query(input.outTradeNo)).toMatchObject({ status: 'closed' });
    await expect(
      wechatPay.refund({
        outTradeNo: input.outTradeNo,
        outRefundNo: `RF${input.outTradeNo}`,
        refundFen: 500,
        totalFen: 500,
        reason: '未支付',
        notifyUrl: NOTIFY_URL,
      }),
    ).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('a closed payment can no longer be paid; an unknown one is null', async () => {
    const input = payment('h5', 300);
    const launch = await wechatPay.create(input);
    if (launch.kind !== 'redirect') throw new Error('expected a redirect');
    await wechatPay.close(input.outTradeNo);
    const page = await openH5(launch.url);
    expect(page.body).toContain('订单已关闭');
    const prepayId = new URL(launch.url).searchParams.get('prepay_id');
    const paid = await app.inject({
      method: 'POST',
      url: `${SANDBOX_WECHAT_PAY_PATH}/pay`,
      payload: { prepay_id: prepayId, outcome: 'success' },
    });
    expect(paid.json()).toMatchObject({
      err_msg: 'get_brand_wcpay_request:fail',
      message: '订单已关闭',
    });
    expect(await wechatPay.query(input.outTradeNo)).toMatchObject({ status: 'closed' });
    expect(await wechatPay.query('WXT-NEVER-SEEN-01')).toBeNull();
    expect(await wechatPay.queryRefund('WXT-NEVER-SEEN-01', 'RF-NEVER-SEEN')).toBeNull();
  });

  it('sends the notify again until the merchant accepts it', async () => {
    refuseNext = 2;
    const input = payment('jsapi', 200);
    const launch = await wechatPay.create(input);
    if (launch.kind !== 'jsapi') throw new Error('expected JSAPI');
    await app.inject({
      method: 'POST',
      url: `${SANDBOX_WECHAT_PAY_PATH}/pay`,
      payload: { prepay_id: launch.params.package.slice(10), outcome: 'success' },
    });
    const [trade] = await database.db
      .select()
      .from(wechatPaySandboxTrades)
      .where(eq(wechatPaySandboxTrades.outTradeNo, input.outTradeNo));
    // The first try was refused: the next waits in the job table, not in a timer.
    expect(trade?.notifyAttempts).toBe(1);
    expect(await waitingNotifies(trade?.id ?? 0)).toBe(1);
    await vi.waitFor(() => expect(paymentEvent(input.outTradeNo)).toBeDefined(), WAIT);
    expect(rejectedAttempts.slice(-2)).toEqual(['payment', 'payment']);
    // The third attempt was accepted, and the sandbox wrote down each one.
    await vi.waitFor(async () => {
      const [row] = await database.db
        .select()
        .from(wechatPaySandboxTrades)
        .where(eq(wechatPaySandboxTrades.outTradeNo, input.outTradeNo));
      expect(row?.notifiedAt).not.toBeNull();
      expect(row?.notifyAttempts).toBe(3);
      expect(await waitingNotifies(row?.id ?? 0)).toBe(0);
    }, WAIT);
  });

  it('takes back the queued retries when the first try is accepted', async () => {
    const input = payment('jsapi', 210);
    const launch = await wechatPay.create(input);
    if (launch.kind !== 'jsapi') throw new Error('expected JSAPI');
    await app.inject({
      method: 'POST',
      url: `${SANDBOX_WECHAT_PAY_PATH}/pay`,
      payload: { prepay_id: launch.params.package.slice(10), outcome: 'success' },
    });
    expect(paymentEvent(input.outTradeNo)).toBeDefined();
    const [trade] = await database.db
      .select()
      .from(wechatPaySandboxTrades)
      .where(eq(wechatPaySandboxTrades.outTradeNo, input.outTradeNo));
    expect(trade?.notifyAttempts).toBe(1);
    expect(await waitingNotifies(trade?.id ?? 0)).toBe(0);
  });

  it('the same out_trade_no: the same order again is accepted, a different one refused', async () => {
    const input = payment('jsapi', 700);
    const first = await wechatPay.create(input);
    const second = await wechatPay.create(input);
    expect(first.kind === 'jsapi' && second.kind === 'jsapi' && first.params.package).toBe(
      second.kind === 'jsapi' ? second.params.package : '',
    );
    await expect(wechatPay.create({ ...input, amountFen: 701 })).rejects.toMatchObject({
      code: 'OUT_TRADE_NO_USED',
    });
  });
});

describe('the sandbox’s API checks the merchant’s signature', () => {
  const call = async (
    sign: (message: string) => string,
    options: { mchid?: string; serial?: string; timestamp?: number; path?: string } = {},
  ) => {
    const keys = await loadSandboxPayKeys(database.db);
    const url =
      options.path ??
      `${SANDBOX_WECHAT_PAY_PATH}/v3/pay/transactions/out-trade-no/WXT-NONE-0001?mchid=${keys.mchid}`;
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const nonce = createNonce();
    const authorization = formatAuthorization({
      mchid: options.mchid ?? keys.mchid,
      nonce_str: nonce,
      timestamp,
      serial_no: options.serial ?? keys.merchantSerialNo,
      signature: sign(requestSignatureMessage('GET', url, timestamp, nonce, '')),
    });
    return app.inject({ method: 'GET', url, headers: { authorization } });
  };

  it('answers 404 ORDER_NOT_EXIST, signed, to a correctly signed request', async () => {
    const keys = await loadSandboxPayKeys(database.db);
    const res = await call((m) => signSha256Rsa(m, privateKeyFrom(keys.merchantPrivateKey)));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'ORDER_NOT_EXIST', message: '订单不存在' });
    expect(res.headers['wechatpay-serial']).toBe(keys.publicKeyId);
    expect(res.headers['wechatpay-signature']).toBeTruthy();
  });

  it('refuses another key, an old timestamp, another serial or merchant', async () => {
    const keys = await loadSandboxPayKeys(database.db);
    const own = privateKeyFrom(keys.merchantPrivateKey);
    const other = privateKeyFrom(keys.platformPrivateKey);
    const cases = [
      await call((m) => signSha256Rsa(m, other)),
      await call((m) => signSha256Rsa(m, own), { timestamp: Math.floor(Date.now() / 1000) - 400 }),
      await call((m) => signSha256Rsa(m, own), { serial: 'ABCDEF' }),
      await call((m) => signSha256Rsa(m, own), { mchid: '1900000999' }),
      await call((m) => signSha256Rsa(`${m}x`, own)),
    ];
    expect(cases.map((c) => c.statusCode)).toEqual([401, 401, 401, 400, 401]);
    expect(cases.map((c) => (c.json() as { code: string }).code)).toEqual([
      'SIGN_ERROR',
      'SIGN_ERROR',
      'SIGN_ERROR',
      'MCH_NOT_EXISTS',
      'SIGN_ERROR',
    ]);
    const none = await app.inject({
      method: 'GET',
      url: `${SANDBOX_WECHAT_PAY_PATH}/v3/pay/transactions/out-trade-no/X?mchid=1`,
    });
    expect(none.statusCode).toBe(401);
  });

  it('a second instance on the same database plays the same WeChat Pay', async () => {
    const other = await buildSandboxApp(database.db);
    try {
      const second = wechatPaySandboxProvider({
        app: other,
        db: database.db,
        origin: ORIGIN,
        appId: APP_ID,
      });
      await other.ready();
      const input = payment('h5', 800);
      await wechatPay.create(input);
      expect(await second.query(input.outTradeNo)).toMatchObject({
        status: 'pending',
        amountFen: 800,
      });
      expect(second.merchantId).toBe(wechatPay.merchantId);
    } finally {
      await other.close();
    }
  });

  it('refuses bad input as WeChat does, with PARAM_ERROR', async () => {
    const bad = await wechatPay
      .create({ ...payment('jsapi'), outTradeNo: 'x' })
      .catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(PaymentProviderError);
    expect((bad as PaymentProviderError).code).toBe('PARAM_ERROR');
  });
});
