import { z } from 'zod';
import { defineJob } from '../../lib/jobs/job';

/**
 * Each day at 00:05 China time: the points whose year is over expire (decision 0073). Daily, not
 * yearly, so a 1 January missed while the server was down is caught up the next day; a day with
 * nothing due reads one index and changes nothing.
 */
export const pointExpiryJob = defineJob('memberPoint.expire', z.object({}), { maxAttempts: 10 });
export const POINT_EXPIRY_SCHEDULE = '5 0 * * *';
export const POINT_EXPIRY_BACKFILL_MS = 7 * 24 * 3600_000;
