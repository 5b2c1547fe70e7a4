import { z } from 'zod';
import { defineJob, type JobRegistry } from '../../lib/jobs/job';
import type { EphemeralStore } from './store';

/** Deletes expired entries; the next scheduled run comes soon, so few tries are enough. */
export const storePurgeJob = defineJob('store.purge', z.object({}), { maxAttempts: 3 });

/** Every 10 minutes, on one instance. On Redis, which expires keys itself, it is a no-op. */
export const STORE_PURGE_SCHEDULE = '*/10 * * * *';

export function registerStorePurge(jobs: JobRegistry, store: EphemeralStore): void {
  jobs.handle(storePurgeJob, async (_payload, run) => {
    const purged = await store.purgeExpired();
    if (purged > 0) run.log.debug({ purged }, 'expired store entries purged');
  });
  jobs.schedule(storePurgeJob, STORE_PURGE_SCHEDULE);
}
