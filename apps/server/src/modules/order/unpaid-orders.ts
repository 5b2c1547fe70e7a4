import { z } from 'zod';
import type { Tx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { defineJob, type JobQueue, type JobRegistry } from '../../lib/jobs/job';
import type { OrderLifecycle, StatusChangeHook } from './order-lifecycle';
import type { OrderLifecycleRepository } from './order-lifecycle.repository';
import { orderMessages } from './order-messages';
import type { OrderRow } from './order.table';

/**
 * Unpaid orders are cancelled by the system (product decisions §2, decision 0048). While an
 * order waits in 待付款 one job is queued for it, keyed per order: first it reminds the member
 * (a day before the deadline) and announces the time, then it cancels — only the stay in 待付款
 * it was made for (`since`), so a job outlived by a payment, an edit or a second pass does
 * nothing. A sweep every ten minutes does the same for any order whose job is missing.
 */

const DAY_MS = 86_400_000;

export const unpaidOrderJob = defineJob(
  'order.unpaid',
  z.object({ orderId: z.number().int().positive(), since: z.iso.datetime() }),
  { maxAttempts: 10 },
);
export const unpaidSweepJob = defineJob('order.unpaidSweep', z.object({}), { maxAttempts: 3 });
export const UNPAID_SWEEP_SCHEDULE = '*/10 * * * *';
/** Orders one sweep takes at most; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

export const unpaidJobKey = (orderId: number) => `order:${orderId}:unpaid`;

export interface UnpaidPolicy {
  days: number;
  /** How long an order may wait in 待付款. */
  periodMs: number;
  /** How long before the cancellation the member is told: a day (half the period if shorter). */
  leadMs: number;
}

export function unpaidPolicy(days: number): UnpaidPolicy {
  const periodMs = days * DAY_MS;
  return { days, periodMs, leadMs: Math.min(DAY_MS, periodMs / 2) };
}

const sinceOf = (row: OrderRow) => row.statusChangedAt.toISOString();

/**
 * Keeps the job in step with 待付款, in the transaction of each move: queued when the order
 * enters it (replacing one a previous stay left), taken back when it leaves.
 */
export function unpaidTimers(jobs: JobQueue, policy: UnpaidPolicy): StatusChangeHook {
  return async (tx, before, after) => {
    if (after.status === 'awaitingPayment') {
      await jobs.add(
        unpaidOrderJob,
        { orderId: after.id, since: sinceOf(after) },
        {
          runAt: new Date(after.statusChangedAt.getTime() + policy.periodMs - policy.leadMs),
          key: unpaidJobKey(after.id),
          tx,
        },
      );
    } else if (before.status === 'awaitingPayment') {
      await jobs.remove(unpaidJobKey(after.id), { tx });
    }
  };
}

export function createUnpaidOrders(deps: {
  lifecycle: OrderLifecycle;
  repository: OrderLifecycleRepository;
  jobs: JobQueue;
  policy: UnpaidPolicy;
  now: Clock;
}) {
  const { lifecycle, repository, jobs, policy } = deps;

  /**
   * The order's job again for `at`. When it ran early by this server's clock (the job table
   * keeps the database's), the rest of the wait counts from the database's now, so two clocks
   * that differ cannot make it spin.
   */
  async function later(tx: Tx, row: OrderRow, at: Date, ranEarly: boolean) {
    const waitMs = at.getTime() - deps.now().getTime();
    await jobs.add(
      unpaidOrderJob,
      { orderId: row.id, since: sinceOf(row) },
      {
        ...(ranEarly ? { delayMs: Math.max(waitMs, 1_000) } : { runAt: at }),
        key: unpaidJobKey(row.id),
        tx,
      },
    );
  }

  /**
   * What is due for the unpaid order now: the reminder (which announces the cancel time, never
   * less than `leadMs` ahead), or the cancellation once that time has come. With `since`, only
   * for that stay in 待付款. The row's lock decides against a racing payment or cancel.
   */
  async function check(orderId: number, since?: string): Promise<'reminded' | 'cancelled' | null> {
    return repository.transaction(async (tx) => {
      const row = await repository.lock(tx, orderId);
      if (!row || row.deletedAt || row.status !== 'awaitingPayment') return null;
      if (since !== undefined && row.statusChangedAt.getTime() !== Date.parse(since)) return null;
      const at = deps.now();
      const deadline = row.statusChangedAt.getTime() + policy.periodMs;
      if (row.autoCancelAt === null) {
        const remindAt = deadline - policy.leadMs;
        if (at.getTime() < remindAt) {
          await later(tx, row, new Date(remindAt), true);
          return null;
        }
        const cancelAt = new Date(Math.max(deadline, at.getTime() + policy.leadMs));
        await repository.setAutoCancelAt(tx, row.id, cancelAt);
        await lifecycle.notifier.notifyIn(tx, orderMessages.unpaidReminder(row, cancelAt));
        await later(tx, row, cancelAt, false);
        return 'reminded';
      }
      if (at < row.autoCancelAt) {
        await later(tx, row, row.autoCancelAt, true);
        return null;
      }
      const reason = `超过${policy.days}天未付款，系统自动取消`;
      const after = await lifecycle.act(
        tx,
        row,
        'autoCancel',
        { kind: 'system' },
        { set: { cancelReason: reason }, note: reason },
      );
      await lifecycle.notifier.notifyIn(tx, orderMessages.autoCancelled(after, policy.days));
      return 'cancelled';
    });
  }

  return {
    check,

    /**
     * Every unpaid order whose reminder or cancellation is due, job or not (orders that were
     * 待付款 before the jobs existed, a job lost with a database restore). One order's failure
     * does not stop the others; the sweep then fails, to be retried.
     */
    async sweep(): Promise<number> {
      const at = deps.now();
      const ids = await repository.unpaidDue(
        new Date(at.getTime() - (policy.periodMs - policy.leadMs)),
        at,
        SWEEP_BATCH,
      );
      const failures: unknown[] = [];
      for (const id of ids) await check(id).catch((error: unknown) => failures.push(error));
      if (failures.length > 0) throw failures[0];
      return ids.length;
    },
  };
}

export type UnpaidOrders = ReturnType<typeof createUnpaidOrders>;

export function registerUnpaidOrderJobs(jobs: JobRegistry, unpaid: UnpaidOrders): void {
  jobs.handle(unpaidOrderJob, async ({ orderId, since }, run) => {
    const done = await unpaid.check(orderId, since);
    if (done) run.log.info({ orderId, done }, 'unpaid order');
  });
  jobs.handle(unpaidSweepJob, async (_payload, run) => {
    const checked = await unpaid.sweep();
    if (checked > 0) run.log.info({ checked }, 'unpaid orders swept');
  });
  jobs.schedule(unpaidSweepJob, UNPAID_SWEEP_SCHEDULE);
}
