import { createPublicKey, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Executor } from '../../db/client';
import { systemClock, type Clock } from '../../lib/clock';
import { defineJob, type JobQueue, type JobRegistry } from '../../lib/jobs/job';
import type { PayHttpClient } from './pay-http';
import { sandboxPayKeys, type SandboxPayKeys } from './sandbox-keys';
import {
  answerSignatureMessage,
  AUTH_SCHEMA,
  createNonce,
  encryptResource,
  privateKeyFrom,
  signSha256Rsa,
} from './wechat-pay-crypto';
import { chinaTime } from './wechat-pay-provider';
import { wechatPaySandboxRefunds, wechatPaySandboxTrades } from './wechat-pay-sandbox.table';

/**
 * The sandbox's notifies (decision 0053): the signed, encrypted POST WeChat Pay sends to a
 * payment's or refund's notify_url. Each is a job (`wechatPaySandbox.notify`) queued in the
 * transaction of the change it tells, tried once at once after the commit, then again after
 * each of WeChat's waits until the merchant answers 200 or 204, re-signed at every try. A
 * refund settles from PROCESSING to SUCCESS in a job too (`wechatPaySandbox.settleRefund`).
 * In the job table, so any instance with workers sends them and a restart loses none.
 */

/** WeChat Pay's first waits between notify attempts: 15 s, 15 s, 30 s, 3 min. */
export const DEFAULT_NOTIFY_RETRY_DELAYS_MS: readonly number[] = [15_000, 15_000, 30_000, 180_000];

const delays = z.array(z.number().int().min(0).max(86_400_000)).max(20);

export const wechatPaySandboxNotifyJob = defineJob(
  'wechatPaySandbox.notify',
  z.object({
    table: z.enum(['trade', 'refund']),
    id: z.number().int().positive(),
    url: z.string(),
    /** The envelope as sent; its headers are signed again at each try. */
    body: z.string(),
    /** The waits before the tries after this one. */
    nextDelaysMs: delays,
  }),
  // A failed try is not a failed job: the handler queues the next try itself. These attempts
  // only cover the handler's own failures (the database briefly gone) and tries a crash of
  // this process cut short: WeChat Pay's own retries do not end because the merchant's server
  // died (decision 0058; three were used up by three kills in the SIGKILL test).
  { maxAttempts: 10 },
);

export const wechatPaySandboxSettleRefundJob = defineJob(
  'wechatPaySandbox.settleRefund',
  z.object({ refundId: z.number().int().positive(), retryDelaysMs: delays }),
  { maxAttempts: 10 },
);

/** A notify to send: the row it tells about, and where. */
export interface SandboxNotify {
  table: 'trade' | 'refund';
  id: number;
  url: string;
  body: string;
}

/** What the sandbox signs and encrypts with: "WeChat Pay"'s key and the APIv3 key. */
export interface SandboxSigner {
  /** Headers WeChat Pay signs an answer or a notify with. */
  headers(body: string): Record<string, string>;
  /** A notify's JSON body: the event and its resource, encrypted with the APIv3 key. */
  envelope(eventType: string, summary: string, originalType: string, data: object): string;
}

export function sandboxSigner(keys: SandboxPayKeys, now: Clock): SandboxSigner {
  const platformKey = privateKeyFrom(keys.platformPrivateKey);
  const apiV3Key = Buffer.from(keys.apiV3Key, 'utf8');
  return {
    headers(body) {
      const timestamp = String(Math.floor(now().getTime() / 1000));
      const nonce = createNonce();
      return {
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-serial': keys.publicKeyId,
        'wechatpay-signature': signSha256Rsa(
          answerSignatureMessage(timestamp, nonce, body),
          platformKey,
        ),
        'wechatpay-signature-type': AUTH_SCHEMA,
      };
    },
    envelope(eventType, summary, originalType, data) {
      return JSON.stringify({
        id: randomUUID(),
        create_time: chinaTime(now()),
        resource_type: 'encrypt-resource',
        event_type: eventType,
        summary,
        resource: {
          original_type: originalType,
          ...encryptResource(apiV3Key, JSON.stringify(data), originalType),
        },
      });
    },
  };
}

/** The merchant's public key, which the sandbox checks requests and paySigns with. */
export const merchantPublicKeyOf = (keys: SandboxPayKeys) =>
  createPublicKey(keys.merchantPrivateKey);

/** What sending notifies needs, in the routes and in the job handlers alike. */
export interface SandboxNotifyContext {
  db: Db;
  jobs: JobQueue;
  postNotify: PayHttpClient;
  signer: () => Promise<SandboxSigner>;
  now: Clock;
  log: (message: string, error?: unknown) => void;
}

const notifyKey = (notify: Pick<SandboxNotify, 'table' | 'id'>) =>
  `wechatPaySandbox:notify:${notify.table}:${notify.id}`;

const tableOf = (notify: Pick<SandboxNotify, 'table'>) =>
  notify.table === 'trade' ? wechatPaySandboxTrades : wechatPaySandboxRefunds;

/**
 * Queues the tries after the first, in the transaction of the change the notify tells, so a
 * crash before the first try still tells the merchant. No waits: the first try is the only one.
 */
export async function queueNotify(
  context: Pick<SandboxNotifyContext, 'jobs'>,
  tx: Executor,
  notify: SandboxNotify,
  retryDelaysMs: readonly number[],
): Promise<void> {
  const [first, ...rest] = retryDelaysMs;
  if (first === undefined) return;
  await context.jobs.add(
    wechatPaySandboxNotifyJob,
    { ...notify, nextDelaysMs: rest },
    { key: notifyKey(notify), delayMs: first, tx },
  );
}

/**
 * One try, signed now: true when the merchant answered 200 or 204 (this time or before: a
 * notify already accepted is not sent again). Each try is counted on the row.
 */
async function tryNotify(context: SandboxNotifyContext, notify: SandboxNotify): Promise<boolean> {
  const { db } = context;
  const table = tableOf(notify);
  const [row] = await db
    .select({ notifiedAt: table.notifiedAt })
    .from(table)
    .where(eq(table.id, notify.id));
  if (!row) return true;
  if (row.notifiedAt) return true;
  const signer = await context.signer();
  let accepted = false;
  try {
    const reply = await context.postNotify(notify.url, {
      method: 'POST',
      headers: {
        ...signer.headers(notify.body),
        'content-type': 'application/json',
        'user-agent': 'Mozilla/4.0',
      },
      body: notify.body,
    });
    accepted = reply.status === 200 || reply.status === 204;
  } catch (error) {
    context.log(`WeChat Pay sandbox: notify to ${notify.url} failed`, error);
  }
  await db
    .update(table)
    .set({
      notifyAttempts: sql`${table.notifyAttempts} + 1`,
      ...(accepted ? { notifiedAt: context.now() } : {}),
    })
    .where(eq(table.id, notify.id));
  return accepted;
}

/** The first try, after the commit: accepted, the queued retries are taken back. */
export async function notifyNow(context: SandboxNotifyContext, notify: SandboxNotify) {
  if (await tryNotify(context, notify)) await context.jobs.remove(notifyKey(notify));
}

type Refund = typeof wechatPaySandboxRefunds.$inferSelect;

/**
 * A PROCESSING refund becomes SUCCESS (once, whoever comes first: its job or a refund query
 * after its time), and its REFUND.SUCCESS notify is queued with it and tried at once.
 */
export async function settleRefund(
  context: SandboxNotifyContext,
  refundId: number,
  retryDelaysMs: readonly number[],
): Promise<Refund | undefined> {
  const signer = await context.signer();
  const settled = await context.db.transaction(async (tx) => {
    const [refund] = await tx
      .update(wechatPaySandboxRefunds)
      .set({ status: 'SUCCESS', successTime: context.now() })
      .where(
        and(
          eq(wechatPaySandboxRefunds.id, refundId),
          eq(wechatPaySandboxRefunds.status, 'PROCESSING'),
        ),
      )
      .returning();
    if (!refund) return undefined;
    const [trade] = await tx
      .select()
      .from(wechatPaySandboxTrades)
      .where(
        and(
          eq(wechatPaySandboxTrades.mchid, refund.mchid),
          eq(wechatPaySandboxTrades.outTradeNo, refund.outTradeNo),
        ),
      );
    if (!refund.notifyUrl || !trade) return { refund, notify: null };
    const notify: SandboxNotify = {
      table: 'refund',
      id: refund.id,
      url: refund.notifyUrl,
      body: signer.envelope('REFUND.SUCCESS', '退款成功', 'refund', {
        mchid: refund.mchid,
        out_trade_no: refund.outTradeNo,
        transaction_id: trade.transactionId,
        out_refund_no: refund.outRefundNo,
        refund_id: refund.refundId,
        refund_status: 'SUCCESS',
        success_time: chinaTime(refund.successTime ?? context.now()),
        user_received_account: '支付用户零钱',
        amount: {
          total: trade.total,
          refund: refund.refund,
          payer_total: trade.total,
          payer_refund: refund.refund,
        },
      }),
    };
    await queueNotify(context, tx, notify, retryDelaysMs);
    return { refund, notify };
  });
  if (settled?.notify) await notifyNow(context, settled.notify);
  return settled?.refund;
}

export interface WechatPaySandboxJobsOptions {
  db: Db;
  /** Where a notify's next try is queued (the same job runner). */
  jobs: JobQueue;
  /** How notifies reach notify_url: `ownOriginPayClient(app, origins)` in the app. */
  postNotify: PayHttpClient;
  now?: Clock;
}

/**
 * The sandbox's jobs. Not optional wherever the sandbox's routes are registered: the job runner
 * refuses to queue a job nobody handles, and the payment's transaction would roll back with it.
 */
export function registerWechatPaySandboxJobs(
  registry: JobRegistry,
  options: WechatPaySandboxJobsOptions,
): void {
  const now = options.now ?? systemClock;
  const keys = sandboxPayKeys(options.db);
  const context = (log: SandboxNotifyContext['log']): SandboxNotifyContext => ({
    db: options.db,
    jobs: options.jobs,
    postNotify: options.postNotify,
    signer: async () => sandboxSigner(await keys(), now),
    now,
    log,
  });
  registry.handle(wechatPaySandboxNotifyJob, async ({ nextDelaysMs, ...notify }, run) => {
    const log = (message: string, error?: unknown) => run.log.warn({ err: error }, message);
    if (await tryNotify(context(log), notify)) return;
    const [wait, ...rest] = nextDelaysMs;
    if (wait === undefined) {
      run.log.warn(`WeChat Pay sandbox: notify to ${notify.url} not accepted, no more tries`);
      return;
    }
    // The same key: while this job runs, the add queues the next try beside it.
    await options.jobs.add(
      wechatPaySandboxNotifyJob,
      { ...notify, nextDelaysMs: rest },
      { key: notifyKey(notify), delayMs: wait },
    );
  });
  registry.handle(wechatPaySandboxSettleRefundJob, async ({ refundId, retryDelaysMs }, run) => {
    const log = (message: string, error?: unknown) => run.log.warn({ err: error }, message);
    await settleRefund(context(log), refundId, retryDelaysMs);
  });
}
