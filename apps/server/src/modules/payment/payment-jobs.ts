import { z } from 'zod';
import { defineJob } from '../../lib/jobs/job';

/**
 * The payment module's background work (decision 0051), on the job runner (decision 0038). Each
 * is enqueued in the transaction that makes it necessary, so it exists exactly when that change
 * committed.
 */

/** Asks the provider to refund (or, once asked, how the refund stands); polls while processing. */
export const refundJob = defineJob(
  'payment.refund',
  z.object({ refundId: z.number().int().positive(), round: z.number().int().min(0).default(0) }),
  { maxAttempts: 25 },
);
export const refundJobKey = (refundId: number) => `payment:refund:${refundId}`;

/** Closes at the provider an attempt we closed (replaced, or its order left 待付款). */
export const closeJob = defineJob(
  'payment.close',
  z.object({ attemptId: z.number().int().positive() }),
  { maxAttempts: 25 },
);
export const closeJobKey = (attemptId: number) => `payment:close:${attemptId}`;

/** When an attempt's time is up: asks the provider, then settles it or closes it. */
export const expireJob = defineJob(
  'payment.expire',
  z.object({ attemptId: z.number().int().positive() }),
  { maxAttempts: 25 },
);
export const expireJobKey = (attemptId: number) => `payment:expire:${attemptId}`;

/** The net under the others: expired attempts and pending refunds a job lost. */
export const paymentSweepJob = defineJob('payment.sweep', z.object({}), { maxAttempts: 3 });
export const PAYMENT_SWEEP_SCHEDULE = '*/10 * * * *';
