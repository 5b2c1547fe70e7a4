import { z } from 'zod';
import { defineJob } from '../../lib/jobs/job';

/** Each day at 01:00 China time: the bills of members whose billing day it is, the reminders. */
export const creditDailyJob = defineJob('creditPayment.daily', z.object({}), { maxAttempts: 10 });
export const CREDIT_DAILY_SCHEDULE = '0 1 * * *';
/** A day missed while the server was down is run when it starts again (within a week). */
export const CREDIT_DAILY_BACKFILL_MS = 7 * 24 * 3600_000;
