import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import type { OrderKind, PayMethod, PlacedOrder } from '@pcb/contract';
import { Pcb, Smt, Stencil } from '@pcb/contract/order-quote';
import { StaffLedger } from '@pcb/contract/staff-ledger';
import { expect } from 'vitest';
import type { NotifyRequest, PaymentChannel } from '../src/integrations/payment/payment-provider';
import { createPinHasher, PAYMENT_PASSWORD_KEY_PURPOSE } from '../src/lib/pin-hash';
import type { EphemeralStore } from '../src/integrations/store/store';
import { loggerOptions } from '../src/logger';
import { deriveKeyFrom } from '../src/platform';
import { call } from './call';
import { fakePayments, type FakePaymentProvider } from './fake-payment-provider';
import { buildTestApp, testConfig, type TestApp, type TestAppOptions } from './helper';
import {
  newMember,
  orderIn,
  staffSessions,
  type Member,
  type StaffSessions,
} from './order-lifecycle-support';

export const PAY_PASSWORD = '135790';

export const payModule: Record<OrderKind, typeof Pcb | typeof Smt | typeof Stencil> = {
  pcb: Pcb,
  smt: Smt,
  stencil: Stencil,
};

export interface PaymentTest {
  t: TestApp;
  staff: StaffSessions;
  alipay: FakePaymentProvider;
  wechat: FakePaymentProvider;
  fake: (channel: PaymentChannel) => FakePaymentProvider;
  /** Log lines (JSON) the app wrote at warn or above. */
  warnings: () => Record<string, unknown>[];
}

/**
 * An app with both fake providers, staff of every role and its log at hand. `env` and `store`
 * as buildTestApp takes them.
 */
export async function paymentTest(
  options: Omit<TestAppOptions, 'overrides'> = {},
): Promise<PaymentTest> {
  const { alipay, wechat, payments } = fakePayments();
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const t = await buildTestApp({
    ...options,
    overrides: {
      payments,
      loggerInstance: pino(
        { ...loggerOptions(testConfig('postgres://unused')), level: 'warn' },
        sink,
      ),
    },
  });
  return {
    t,
    staff: await staffSessions(t),
    alipay,
    wechat,
    fake: (channel) => (channel === 'alipay' ? alipay : wechat),
    warnings: () =>
      lines
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/** A member with a receiver, a design file and the payment password PAY_PASSWORD. */
export async function payer(t: TestApp): Promise<Member> {
  const member = await newMember(t);
  const hasher = createPinHasher(deriveKeyFrom(t.config.jwt.secret)(PAYMENT_PASSWORD_KEY_PURPOSE));
  await t.database.pool.query('UPDATE member SET payment_password_hash = $1 WHERE id = $2', [
    hasher.hash(PAY_PASSWORD),
    member.id,
  ]);
  return member;
}

/** Credits the member's balance (or gift balance) as finance does: StaffLedger/Adjust. */
export async function fund(
  p: Pick<PaymentTest, 't' | 'staff'>,
  memberId: number,
  amount: number,
  account: 'balance' | 'gift' = 'balance',
) {
  const res = await call(
    p.t,
    StaffLedger.Adjust,
    { memberId, account, amount, reason: '测试充值', requestId: randomUUID() },
    { staff: p.staff.finance },
  );
  if (!res.body.success) throw new Error(`adjust refused: ${res.body.message}`);
  return res.body.data;
}

/** An order of `member` waiting for payment. */
export const unpaidOrder = (
  p: Pick<PaymentTest, 't' | 'staff'>,
  member: Member,
  kind: OrderKind = 'pcb',
) => orderIn(p.t, p.staff, member, 'awaitingPayment', { kind }) as Promise<PlacedOrder>;

/** Pay's input with a fresh request id and the payment password. */
export const payInput = (
  id: number,
  method: PayMethod,
  extra: { channel?: PaymentChannel; requestId?: string; paymentPassword?: string } = {},
) => ({
  id,
  method,
  requestId: extra.requestId ?? randomUUID(),
  ...(method === 'online' ? {} : { paymentPassword: extra.paymentPassword ?? PAY_PASSWORD }),
  ...(extra.channel ? { channel: extra.channel } : {}),
});

export const pay = (
  t: TestApp,
  member: Pick<Member, 'token'>,
  order: { id: number; kind: OrderKind },
  method: PayMethod,
  extra: Parameters<typeof payInput>[2] = {},
) => call(t, payModule[order.kind].Pay, payInput(order.id, method, extra), { token: member.token });

/** Sends a notify to our raw route as the provider would; the reply's status and body. */
export async function notify(t: TestApp, channel: PaymentChannel, request: NotifyRequest) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/payment-notify/${channel}`,
    headers: request.headers as Record<string, string>,
    payload: request.rawBody,
  });
  return { status: res.statusCode, body: res.body };
}

/** The member's balances as the ledger keeps them. */
export async function balancesOf(t: TestApp, memberId: number) {
  const { rows } = await t.database.pool.query<{ key: string; balance: string }>(
    `SELECT key, balance::text FROM ledger_account WHERE key = ANY($1)`,
    [[`mb:${memberId}`, `mg:${memberId}`, `mh:${memberId}`]],
  );
  const of = (key: string) => Number(rows.find((r) => r.key === key)?.balance ?? 0);
  return { balance: of(`mb:${memberId}`), gift: of(`mg:${memberId}`), held: of(`mh:${memberId}`) };
}

/** The reconciliation finds nothing: books and providers agree. */
export async function expectBooksClean(t: TestApp) {
  const report = await t.app.modules.payment.reconcile({ providerDays: 3650 });
  expect(report.differences).toEqual([]);
  return report;
}

/**
 * Runs, as a worker would, the payment jobs queued so far (refunds and provider closes; with
 * `expire`, the expiry checks too, whatever their time), and takes them off the queue. Tests
 * run without workers, so a step's jobs run exactly when the test says.
 */
export async function runPaymentJobs(t: TestApp, options: { expire?: boolean } = {}) {
  const tasks = ['payment.refund', 'payment.close', ...(options.expire ? ['payment.expire'] : [])];
  const { rows } = await t.database.pool.query<{
    id: string;
    task: string;
    payload: { refundId?: number; attemptId?: number };
  }>(
    `SELECT j.id::text, k.identifier AS task, j.payload FROM graphile_worker._private_jobs j
     JOIN graphile_worker._private_tasks k ON k.id = j.task_id
     WHERE k.identifier = ANY($1) AND j.locked_at IS NULL ORDER BY j.id`,
    [tasks],
  );
  const { work } = t.app.modules.payment;
  for (const row of rows) {
    await t.database.pool.query('DELETE FROM graphile_worker._private_jobs WHERE id = $1', [
      row.id,
    ]);
    if (row.task === 'payment.refund') await work.refund(row.payload.refundId!);
    else if (row.task === 'payment.close') await work.close(row.payload.attemptId!);
    else await work.expire(row.payload.attemptId!);
  }
  return rows.length;
}

export { newMember, type Member };

/**
 * The payment password admits at most five tries at once (decision 0015's lock, tested in
 * payment-password.test.ts). For races where every payer knows the password and the race is for
 * something else (the money, a coupon), the store answers each try as the first.
 */
export const uncappedPasswordTries = (store: EphemeralStore): EphemeralStore => ({
  get: (key) => store.get(key),
  set: (key, value, ttl) => store.set(key, value, ttl),
  setIfAbsent: (key, value, ttl) => store.setIfAbsent(key, value, ttl),
  incr: async (key, ttl) => (key.startsWith('paypwd:fail:') ? 1 : store.incr(key, ttl)),
  count: (key, ttl, by) => store.count(key, ttl, by),
  decr: (key) => store.decr(key),
  take: (key) => store.take(key),
  delete: (key) => store.delete(key),
  purgeExpired: () => store.purgeExpired(),
  close: () => store.close(),
});
