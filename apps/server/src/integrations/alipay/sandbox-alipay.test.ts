import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock, createTestDatabase } from '../../../test/helper';
import { createDatabase, type Database } from '../../db/client';
import type {
  JobHandler,
  JobPayloadSchema,
  JobQueue,
  JobRegistry,
  JobType,
} from '../../lib/jobs/job';
import { createJobRunner } from '../../lib/jobs/job-runner';
import {
  NotifyRejectedError,
  PaymentProviderError,
  type CreatePaymentInput,
  type NotifyEvent,
  type PaymentProvider,
} from '../payment/payment-provider';
import { inProcessClient } from '../wechat/sandbox-wechat';
import { createAlipayProvider } from './alipay-provider';
import { loadPublicKey, notifySignContent, parseForm, verifyRsa2 } from './alipay-sign';
import { sandboxAlipayKeys, type SandboxAlipayKeys } from './sandbox-alipay-keys';
import {
  alipaySandboxNotifyJob,
  postNotify,
  registerAlipaySandboxJobs,
} from './sandbox-alipay-notify';
import {
  alipaySandboxProvider,
  registerAlipaySandbox,
  SANDBOX_ALIPAY_API_GATEWAY,
  SANDBOX_ALIPAY_APP_ID,
  SANDBOX_ALIPAY_SELLER_ID,
} from './sandbox-alipay';

const ORIGIN = 'http://localhost';
const clock = createTestClock();

/** The job queue as the sandbox sees it: what is waiting, by key. */
function recordingJobs() {
  const waiting = new Map<string, { url: string; body: string }>();
  const queue: JobQueue = {
    async add(job, payload, options) {
      expect(job.name).toBe(alipaySandboxNotifyJob.name);
      waiting.set(options?.key ?? randomBytes(8).toString('hex'), payload as never);
    },
    async remove(key) {
      return waiting.delete(key);
    },
  };
  return { queue, waiting };
}

interface Instance {
  app: FastifyInstance;
  alipay: PaymentProvider;
  /** What reached the merchant's notify route, verified or not. */
  events: NotifyEvent[];
  rejected: unknown[];
  waiting: Map<string, { url: string; body: string }>;
  /** The notify route answers failure this many more times (a merchant that is down). */
  failNext: { count: number };
}

/** One server: the sandbox, the adapter configured for it, and a merchant's notify route. */
async function instance(database: Database, keys: SandboxAlipayKeys): Promise<Instance> {
  const app = Fastify();
  const { queue, waiting } = recordingJobs();
  const alipay = alipaySandboxProvider({ keys, http: inProcessClient(app), now: clock.now });
  const events: NotifyEvent[] = [];
  const rejected: unknown[] = [];
  const failNext = { count: 0 };
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, body),
    );
    scope.post('/test/alipay/notify', async (request, reply) => {
      let accepted = false;
      if (failNext.count > 0) {
        failNext.count--;
      } else {
        try {
          events.push(
            await alipay.verifyNotify({
              headers: request.headers as Record<string, string>,
              rawBody: String(request.body),
            }),
          );
          accepted = true;
        } catch (error) {
          rejected.push(error);
        }
      }
      const answer = alipay.notifyReply(accepted);
      return reply.code(answer.status).header('content-type', answer.contentType).send(answer.body);
    });
  });
  await registerAlipaySandbox(app, {
    db: database.db,
    keys,
    jobs: queue,
    notifyHttp: inProcessClient(app),
    now: clock.now,
  });
  await app.ready();
  return { app, alipay, events, rejected, waiting, failNext };
}

let database: Database;
let a: Instance;
let b: Instance;
beforeAll(async () => {
  database = createDatabase(await createTestDatabase(), { max: 5 });
  // Two servers on one database, each with its own key loader, as behind a load balancer.
  a = await instance(database, sandboxAlipayKeys(database.db));
  b = await instance(database, sandboxAlipayKeys(database.db));
});
afterAll(async () => {
  await a?.app.close();
  await b?.app.close();
  await database?.pool.end();
});

let n = 0;
function newPayment(amountFen = 1230): CreatePaymentInput {
  const outTradeNo = `PAY${Date.now().toString(36)}${++n}`.toUpperCase();
  return {
    outTradeNo,
    amountFen,
    subject: `PCB订单 ${outTradeNo}`,
    scene: 'h5',
    clientIp: '127.0.0.1',
    returnUrl: `${ORIGIN}/TheOrders/paySuccess?no=${outTradeNo}`,
    notifyUrl: `${ORIGIN}/test/alipay/notify`,
    expiresAt: new Date(clock.now().getTime() + 30 * 60_000),
  };
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** The member's browser: create → gateway → cashier page. */
async function openCashier(server: Instance, payment: CreatePaymentInput) {
  const launch = await server.alipay.create(payment);
  if (launch.kind !== 'redirect') throw new Error('expected a redirect');
  expect(launch.url.startsWith(`${ORIGIN}/sandbox/alipay/gateway.do?`)).toBe(true);
  const toCashier = await server.app.inject({ method: 'GET', url: pathOf(launch.url) });
  expect(toCashier.statusCode).toBe(302);
  const cashierUrl = String(toCashier.headers.location);
  const page = await server.app.inject({ method: 'GET', url: cashierUrl });
  return { launch, cashierUrl, page };
}

const choose = (server: Instance, cashierUrl: string, outcome: string) =>
  server.app.inject({
    method: 'POST',
    url: cashierUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });

/** Runs the notifies waiting in the job queue once, as the job runner would. */
async function runWaitingNotifies(server: Instance) {
  const handlers: JobHandler<JobPayloadSchema>[] = [];
  const registry: JobRegistry = {
    handle<S extends JobPayloadSchema>(_job: JobType<S>, handler: JobHandler<S>) {
      handlers.push(handler as unknown as JobHandler<JobPayloadSchema>);
    },
    schedule: () => undefined,
  };
  registerAlipaySandboxJobs(registry, { notifyHttp: inProcessClient(server.app) });
  const [handler] = handlers;
  if (!handler) throw new Error('no handler');
  for (const [key, payload] of [...server.waiting]) {
    await handler(payload, {
      id: key,
      attempt: 1,
      maxAttempts: 8,
      scheduledFor: null,
      signal: new AbortController().signal,
      log: server.app.log,
    });
    server.waiting.delete(key);
  }
}

describe('the Alipay sandbox, driven through the production adapter', () => {
  it('pays: cashier → 支付成功 → verified notify → query paid → refunds → refund queries', async () => {
    const payment = newPayment(1230);
    expect(await a.alipay.query(payment.outTradeNo)).toBeNull();

    const { cashierUrl, page } = await openCashier(a, payment);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('¥12.30');
    expect(page.body).toContain(payment.subject);
    expect(page.body).toContain('支付成功');
    expect(page.body).toContain('支付失败');
    expect(page.body).toContain('max-width:375px');
    expect(await a.alipay.query(payment.outTradeNo)).toMatchObject({
      status: 'pending',
      amountFen: 1230,
      providerTradeNo: null,
      paidAt: null,
    });

    const paidAt = clock.now();
    const paid = await choose(a, cashierUrl, 'success');
    expect(paid.statusCode).toBe(303);
    const back = new URL(String(paid.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}/TheOrders/paySuccess`);
    expect(back.searchParams.get('no')).toBe(payment.outTradeNo);
    expect(back.searchParams.get('total_amount')).toBe('12.30');
    // The synchronous return is signed by "Alipay" too (never trusted, but genuine).
    const returned = Object.fromEntries(back.searchParams);
    delete returned.no;
    const alipayPublic = loadPublicKey((await sandboxAlipayKeys(database.db)()).alipay.publicKey);
    expect(verifyRsa2(notifySignContent(returned), returned.sign ?? '', alipayPublic)).toBe(true);

    // The notify reached the merchant before the browser came back, and was acknowledged.
    const tradeNo = back.searchParams.get('trade_no');
    expect(a.events).toContainEqual({
      kind: 'payment',
      transaction: {
        channel: 'alipay',
        outTradeNo: payment.outTradeNo,
        providerTradeNo: tradeNo,
        status: 'paid',
        amountFen: 1230,
        merchantId: SANDBOX_ALIPAY_APP_ID,
        paidAt: new Date(Math.floor(paidAt.getTime() / 1000) * 1000),
      },
    });
    expect(a.waiting.size).toBe(0);

    // The other instance knows it too.
    expect(await b.alipay.query(payment.outTradeNo)).toMatchObject({
      status: 'paid',
      amountFen: 1230,
      providerTradeNo: tradeNo,
    });

    const refund = (outRefundNo: string, refundFen: number) =>
      a.alipay.refund({
        outTradeNo: payment.outTradeNo,
        outRefundNo,
        refundFen,
        totalFen: 1230,
        reason: '订单取消',
        notifyUrl: payment.notifyUrl,
      });
    const first = `${payment.outTradeNo}R1`;
    expect(await refund(first, 500)).toMatchObject({ status: 'success', refundFen: 500 });
    // The same refund again: answered from the first, no money moves twice.
    expect(await refund(first, 500)).toMatchObject({ status: 'success', refundFen: 500 });
    expect(await refund(first, 400)).toMatchObject({ status: 'failed' });
    expect(await refund(`${payment.outTradeNo}R2`, 731)).toMatchObject({ status: 'failed' });
    expect(await a.alipay.queryRefund(payment.outTradeNo, first)).toEqual({
      channel: 'alipay',
      outTradeNo: payment.outTradeNo,
      outRefundNo: first,
      providerRefundNo: null,
      status: 'success',
      refundFen: 500,
    });
    expect(await a.alipay.queryRefund(payment.outTradeNo, `${payment.outTradeNo}R2`)).toBeNull();
    expect(await refund(`${payment.outTradeNo}R3`, 730)).toMatchObject({ status: 'success' });
    // Refunded in full: Alipay closes the trade, which keeps the time it was paid.
    expect(await a.alipay.query(payment.outTradeNo)).toMatchObject({
      status: 'closed',
      providerTradeNo: tradeNo,
    });

    // Each refund is told on the payment's notify_url, from the job queue.
    expect(a.waiting.size).toBe(2);
    await runWaitingNotifies(a);
    const refunds = a.events.filter((e) => e.kind === 'refund');
    expect(refunds).toEqual([
      {
        kind: 'refund',
        refund: expect.objectContaining({ outRefundNo: first, refundFen: 500, status: 'success' }),
      },
      {
        kind: 'refund',
        refund: expect.objectContaining({ outRefundNo: `${payment.outTradeNo}R3`, refundFen: 730 }),
      },
    ]);
  });

  it('支付失败: nothing is paid, no notify, the browser goes back without a result', async () => {
    const payment = newPayment(990);
    const { cashierUrl } = await openCashier(a, payment);
    const before = a.events.length;
    const failed = await choose(a, cashierUrl, 'fail');
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe(payment.returnUrl);
    expect(a.events.length).toBe(before);
    expect(await a.alipay.query(payment.outTradeNo)).toMatchObject({ status: 'pending' });
    // The member may still pay until the trade expires, or it is closed.
    await a.alipay.close(payment.outTradeNo);
    await a.alipay.close(payment.outTradeNo);
    expect(await a.alipay.query(payment.outTradeNo)).toMatchObject({
      status: 'closed',
      paidAt: null,
    });
    const late = await choose(a, cashierUrl, 'success');
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('交易已关闭');
    await runWaitingNotifies(a);
    expect(a.events.at(-1)).toMatchObject({
      kind: 'payment',
      transaction: { outTradeNo: payment.outTradeNo, status: 'closed' },
    });
  });

  it('opened on one instance, paid on the other, notified with the same keys', async () => {
    const payment = newPayment(1);
    const { cashierUrl } = await openCashier(a, payment);
    const paid = await choose(b, cashierUrl, 'success');
    expect(paid.statusCode).toBe(303);
    expect(b.events.at(-1)).toMatchObject({
      kind: 'payment',
      transaction: { outTradeNo: payment.outTradeNo, status: 'paid', amountFen: 1 },
    });
    // A paid trade cannot be closed; closing a trade Alipay never saw is nothing to do.
    await expect(a.alipay.close(payment.outTradeNo)).rejects.toThrow(PaymentProviderError);
    await a.alipay.close('NEVER-OPENED');
  });

  it('tries the notify again later when the merchant does not answer success', async () => {
    const payment = newPayment(300);
    const { cashierUrl } = await openCashier(a, payment);
    a.failNext.count = 1;
    const before = a.events.length;
    expect((await choose(a, cashierUrl, 'success')).statusCode).toBe(303);
    expect(a.events.length).toBe(before);
    expect(a.waiting.size).toBe(1);
    await runWaitingNotifies(a);
    expect(a.events.at(-1)).toMatchObject({
      kind: 'payment',
      transaction: { outTradeNo: payment.outTradeNo, status: 'paid' },
    });
  });

  it('its notifies cannot be forged: a changed amount or a replay to another app is rejected', async () => {
    const payment = newPayment(4200);
    const { cashierUrl } = await openCashier(a, payment);
    a.failNext.count = 1;
    await choose(a, cashierUrl, 'success');
    const [notify] = [...a.waiting.values()];
    if (!notify) throw new Error('no notify waiting');
    a.waiting.clear();
    const fields = parseForm(notify.body) ?? {};
    const post = (body: string) =>
      postNotify(inProcessClient(a.app), `${ORIGIN}/test/alipay/notify`, body);
    const rejectedBefore = a.rejected.length;
    expect(await post(new URLSearchParams({ ...fields, total_amount: '0.01' }).toString())).toBe(
      false,
    );
    expect(
      await post(new URLSearchParams({ ...fields, app_id: '9021000000000999' }).toString()),
    ).toBe(false);
    const { sign: _sign, ...unsigned } = fields;
    expect(await post(new URLSearchParams(unsigned).toString())).toBe(false);
    expect(a.rejected.slice(rejectedBefore)).toHaveLength(3);
    for (const error of a.rejected.slice(rejectedBefore)) {
      expect(error).toBeInstanceOf(NotifyRejectedError);
    }
    expect(await post(notify.body)).toBe(true);
  });

  it('is Alipay’s gateway: a wrong merchant key, a zone-shifted timestamp, a changed amount', async () => {
    const keys = await sandboxAlipayKeys(database.db)();
    const stranger = createAlipayProvider(
      {
        appId: SANDBOX_ALIPAY_APP_ID,
        sellerId: SANDBOX_ALIPAY_SELLER_ID,
        // Signs with "Alipay's" private key instead of the merchant's.
        merchantPrivateKey: keys.alipay.privateKey,
        alipayPublicKey: keys.alipay.publicKey,
        gatewayUrl: SANDBOX_ALIPAY_API_GATEWAY,
      },
      { http: inProcessClient(a.app), now: clock.now },
    );
    await expect(stranger.query('ANY')).rejects.toMatchObject({ code: 'isv.invalid-signature' });

    const utcServer = createAlipayProvider(
      {
        appId: SANDBOX_ALIPAY_APP_ID,
        sellerId: SANDBOX_ALIPAY_SELLER_ID,
        merchantPrivateKey: keys.merchant.privateKey,
        alipayPublicKey: keys.alipay.publicKey,
        gatewayUrl: SANDBOX_ALIPAY_API_GATEWAY,
      },
      // A clock stamping UTC wall time as if it were Beijing's: eight hours behind.
      { http: inProcessClient(a.app), now: () => new Date(clock.now().getTime() - 8 * 3_600_000) },
    );
    await expect(utcServer.query('ANY')).rejects.toMatchObject({ code: 'isv.invalid-timestamp' });

    // The same out_trade_no again with another amount: Alipay refuses the page.
    const payment = newPayment(1000);
    await openCashier(a, payment);
    const launch = await a.alipay.create({ ...payment, amountFen: 1 });
    if (launch.kind !== 'redirect') throw new Error('expected a redirect');
    const refused = await a.app.inject({ method: 'GET', url: pathOf(launch.url) });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('ACQ.CONTEXT_INCONSISTENT');
    // A tampered page URL fails the signature.
    const tampered = launch.url.replace('total_amount%22%3A%220.01', 'total_amount%22%3A%229.99');
    expect(tampered).not.toBe(launch.url);
    const bad = await a.app.inject({ method: 'GET', url: pathOf(tampered) });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('isv.invalid-signature');
  });

  it('closes an unpaid trade when its time_expire passes', async () => {
    const payment = { ...newPayment(50), expiresAt: new Date(clock.now().getTime() + 60_000) };
    const { cashierUrl } = await openCashier(a, payment);
    clock.advance(61_000);
    const page = await a.app.inject({ method: 'GET', url: cashierUrl });
    expect(page.body).toContain('交易已关闭');
    expect((await choose(a, cashierUrl, 'success')).statusCode).toBe(409);
    expect(await a.alipay.query(payment.outTradeNo)).toMatchObject({
      status: 'closed',
      paidAt: null,
    });
  });
});

describe('the Alipay sandbox with the real job runner', () => {
  it('keeps an unacknowledged notify in the job table and delivers it from there', async () => {
    const keys = sandboxAlipayKeys(database.db);
    const app = Fastify({ logger: false });
    const runner = createJobRunner({
      db: database.db,
      pool: database.pool,
      log: app.log,
      concurrency: 1,
      pollIntervalMs: 100,
    });
    const notifyHttp = inProcessClient(app);
    registerAlipaySandboxJobs(runner, { notifyHttp });
    const alipay = alipaySandboxProvider({ keys, http: inProcessClient(app), now: clock.now });
    let answers = 0;
    const paid: string[] = [];
    await app.register(async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) => done(null, body),
      );
      scope.post('/test/alipay/notify', async (request, reply) => {
        // The first answer is a failure, as from a merchant briefly down.
        const accepted = answers++ > 0;
        if (accepted) {
          const event = await alipay.verifyNotify({ headers: {}, rawBody: String(request.body) });
          if (event.kind === 'payment') paid.push(event.transaction.outTradeNo);
        }
        return reply.send(alipay.notifyReply(accepted).body);
      });
    });
    await registerAlipaySandbox(app, {
      db: database.db,
      keys,
      jobs: runner,
      notifyHttp,
      now: clock.now,
    });
    await app.ready();
    const waitingJobs = async () =>
      (
        await database.pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM graphile_worker.jobs
            WHERE task_identifier = $1 AND key LIKE 'alipaySandbox:notify:%'`,
          [alipaySandboxNotifyJob.name],
        )
      ).rows[0]?.n ?? 0;
    try {
      const first = newPayment(100);
      const { cashierUrl } = await openCashier({ ...a, app, alipay }, first);
      expect((await choose({ ...a, app, alipay }, cashierUrl, 'success')).statusCode).toBe(303);
      expect(paid).toEqual([]);
      expect(await waitingJobs()).toBe(1);

      await database.pool.query(
        `UPDATE graphile_worker._private_jobs SET run_at = now() WHERE key LIKE 'alipaySandbox:notify:%'`,
      );
      await runner.start();
      for (let i = 0; i < 100 && paid.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(paid).toEqual([first.outTradeNo]);
      for (let i = 0; i < 50 && (await waitingJobs()) > 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await waitingJobs()).toBe(0);

      // Acknowledged at once: the job that was queued with the payment is taken back.
      const second = newPayment(200);
      const opened = await openCashier({ ...a, app, alipay }, second);
      await choose({ ...a, app, alipay }, opened.cashierUrl, 'success');
      expect(paid).toEqual([first.outTradeNo, second.outTradeNo]);
      expect(await waitingJobs()).toBe(0);
    } finally {
      await runner.stop();
      await app.close();
    }
  });
});
