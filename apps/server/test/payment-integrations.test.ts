import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CreatePaymentInput,
  PaymentChannel,
  PaymentProvider,
} from '../src/integrations/payment/payment-provider';
import type { PayResult } from '@pcb/contract';
import { realPaymentEnv } from './fixtures/payment-env';
import { buildTestApp, type TestApp } from './helper';
import { staffSessions } from './order-lifecycle-support';
import { pay, payer, runPaymentJobs, unpaidOrder } from './payment-support';

/**
 * The online payment channels as the app wires them (decisions 0050, 0052, 0053): by default
 * both sandboxes on our own origin with their notify retries on the job runner; a test's own
 * provider per channel; the real adapters when the environment names them.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

let seq = 0;
function payment(origin = 'http://localhost', channel: PaymentChannel = 'alipay') {
  const outTradeNo = `PW${Date.now().toString(36)}${++seq}`.toUpperCase();
  return {
    outTradeNo,
    amountFen: 12_345,
    subject: `PCB订单 ${outTradeNo}`,
    scene: 'h5',
    clientIp: '203.0.113.7',
    returnUrl: `${origin}/TheOrders/payResult?no=${outTradeNo}`,
    notifyUrl: `${origin}/api/payment-notify/${channel}`,
    expiresAt: new Date(t.clock.now().getTime() + 30 * 60_000),
  } satisfies CreatePaymentInput;
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

async function launchUrl(provider: PaymentProvider | undefined, input: CreatePaymentInput) {
  if (!provider) throw new Error('channel missing');
  const launch = await provider.create(input);
  if (launch.kind !== 'redirect') throw new Error(`expected a redirect, got ${launch.kind}`);
  return launch.url;
}

/** Jobs of this kind waiting in the job table (the app here runs no workers). */
const waitingJobs = async (name: string) =>
  (
    await t.database.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = $1',
      [name],
    )
  ).rows[0]?.n ?? 0;

describe('the default app', () => {
  it('offers both channels, each played by its sandbox', () => {
    const { payments } = t.app.platform;
    expect(Object.keys(payments).sort()).toEqual(['alipay', 'wechat']);
    expect(payments.alipay?.channel).toBe('alipay');
    expect(payments.wechat?.channel).toBe('wechat');
    expect(payments.alipay?.scenes).toEqual(['h5']);
    expect(payments.wechat?.scenes).toEqual(['jsapi', 'miniprogram', 'h5']);
  });

  it('Alipay: the launch URL is the sandbox gateway on our origin; its cashier takes the payment', async () => {
    const input = payment();
    const url = await launchUrl(t.app.platform.payments.alipay, input);
    expect(new URL(url).origin).toBe('http://localhost');
    expect(new URL(url).pathname).toBe('/sandbox/alipay/gateway.do');

    const toCashier = await t.app.inject({ method: 'GET', url: pathOf(url) });
    expect(toCashier.statusCode).toBe(302);
    const cashierUrl = String(toCashier.headers.location);
    const page = await t.app.inject({ method: 'GET', url: cashierUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(input.subject);
    expect(page.body).toContain('123.45');

    // No notify route answers yet: the payment still commits, its notify waits as a job.
    const before = await waitingJobs('alipaySandbox.notify');
    const paid = await t.app.inject({
      method: 'POST',
      url: cashierUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=success',
    });
    expect(paid.statusCode).toBe(303);
    expect(String(paid.headers.location)).toContain(input.returnUrl);
    expect(await waitingJobs('alipaySandbox.notify')).toBe(before + 1);
    expect(await t.app.platform.payments.alipay?.query(input.outTradeNo)).toMatchObject({
      status: 'paid',
      amountFen: 12_345,
    });
  });

  it('WeChat Pay: h5_url is the sandbox cashier on our origin; paying queues its notify as a job', async () => {
    const input = payment('http://localhost', 'wechat');
    const url = await launchUrl(t.app.platform.payments.wechat, input);
    expect(new URL(url).origin).toBe('http://localhost');
    expect(new URL(url).pathname).toBe('/sandbox/wechat-pay/checkmweb');

    // Opened from our own pages, which tell it their origin (decision 0057).
    const page = await t.app.inject({
      method: 'GET',
      url: pathOf(url),
      headers: { referer: 'http://localhost/' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(input.subject);
    const prepayId = new URL(url).searchParams.get('prepay_id') ?? '';

    const before = await waitingJobs('wechatPaySandbox.notify');
    const paid = await t.app.inject({
      method: 'POST',
      url: '/sandbox/wechat-pay/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        prepay_id: prepayId,
        outcome: 'success',
        redirect_url: input.returnUrl,
      }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(input.returnUrl);
    expect(await waitingJobs('wechatPaySandbox.notify')).toBe(before + 1);
    expect(await t.app.platform.payments.wechat?.query(input.outTradeNo)).toMatchObject({
      status: 'paid',
    });
  });

  it('WeChat Pay JSAPI: signed for the appid whose openids the WeChat sandbox hands out', async () => {
    const launch = await t.app.platform.payments.wechat?.create({
      ...payment('http://localhost', 'wechat'),
      scene: 'jsapi',
      openId: 'oSandboxPayer00000000000001',
    });
    expect(launch?.kind === 'jsapi' && launch.params.appId).toBe('wxsandbox000000001');
  });

  it('keeps a member on the origin they came from (127.0.0.1 as well as localhost)', async () => {
    const alipay = await launchUrl(t.app.platform.payments.alipay, payment('http://127.0.0.1'));
    const wechat = await launchUrl(
      t.app.platform.payments.wechat,
      payment('http://127.0.0.1', 'wechat'),
    );
    expect(new URL(alipay).origin).toBe('http://127.0.0.1');
    expect(new URL(wechat).origin).toBe('http://127.0.0.1');
  });
});

describe('the reconciliation against the sandboxes', () => {
  it('finds nothing once an Alipay payment is refunded in full (Alipay then reports the trade closed)', async () => {
    const staff = await staffSessions(t);
    const member = await payer(t);
    const order = await unpaidOrder({ t, staff }, member);
    const started = await pay(t, member, order, 'online', { channel: 'alipay' });
    const launch = (started.body.data as PayResult).payment!.launch;
    if (launch.kind !== 'redirect') throw new Error('Alipay H5 redirects');
    const toCashier = await t.app.inject({ method: 'GET', url: pathOf(launch.url) });
    const paid = await t.app.inject({
      method: 'POST',
      url: String(toCashier.headers.location),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=success',
    });
    expect(paid.statusCode).toBe(303);
    const { rows } = await t.database.pool.query<{ status: string }>(
      'SELECT status FROM orders WHERE id = $1',
      [order.id],
    );
    expect(rows[0]?.status).toBe('inProduction');

    const cancelled = await t.post(
      '/api/Pcb/Cancel',
      { id: order.id, reason: '暂不需要' },
      { token: member.token },
    );
    expect(cancelled.body.success).toBe(true);
    await runPaymentJobs(t);
    const outTradeNo = (started.body.data as PayResult).payment!.outTradeNo;
    expect(await t.app.platform.payments.alipay?.query(outTradeNo)).toMatchObject({
      status: 'closed',
      paidAt: expect.any(Date),
    });
    const report = await t.app.modules.payment.reconcile({ providerDays: 3650 });
    expect(report.differences).toEqual([]);
  });
});

describe('a test’s own provider', () => {
  it('replaces its channel only: the other stays the environment’s, and no sandbox runs for it', async () => {
    const own: PaymentProvider = {
      ...(t.app.platform.payments.alipay as PaymentProvider),
      merchantId: 'test-merchant',
    };
    const other = await buildTestApp({ overrides: { payments: { alipay: own } } });
    try {
      expect(other.app.platform.payments.alipay).toBe(own);
      expect(other.app.platform.payments.wechat?.merchantId).toBe('1900000109');
      const alipayCashier = await other.app.inject({
        method: 'GET',
        url: '/sandbox/alipay/cashier/1',
      });
      expect(alipayCashier.statusCode).toBe(404);
      expect(alipayCashier.json()).toMatchObject({ success: false });
      const wechatCashier = await other.app.inject({
        method: 'GET',
        url: '/sandbox/wechat-pay/checkmweb?prepay_id=none',
      });
      expect(wechatCashier.headers['content-type']).toContain('text/html');
    } finally {
      await other.close();
    }
  });
});

describe('the real adapters, when the environment names them', () => {
  it('Alipay signs its launch for Alipay’s gateway; WeChat Pay is the merchant configured; no sandbox runs', async () => {
    const real = await buildTestApp({
      databaseUrl: t.databaseUrl,
      env: { ...realPaymentEnv, WECHAT_PAY_APP_ID: 'wx8888888888888888' },
    });
    try {
      const { payments } = real.app.platform;
      expect(payments.alipay?.merchantId).toBe('2021000000000001');
      expect(payments.wechat?.merchantId).toBe('1230000109');
      expect(payments.wechat?.scenes).toEqual(['jsapi', 'h5']);
      const url = new URL(await launchUrl(payments.alipay, payment()));
      expect(`${url.origin}${url.pathname}`).toBe('https://openapi.alipay.com/gateway.do');
      expect(url.searchParams.get('app_id')).toBe('2021000000000001');
      for (const path of ['/sandbox/alipay/cashier/1', '/sandbox/wechat-pay/checkmweb']) {
        const res = await real.app.inject({ method: 'GET', url: path });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ success: false });
      }
    } finally {
      await real.close();
    }
  });
});
