import { AppError } from '../../http/errors';
import type { EphemeralStore } from '../../integrations/store/store';
import type { Clock } from '../../lib/clock';

const FREE_FAILURES = 5;
const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 15 * 60_000;
const WINDOW_MS = 24 * 3600_000;

const formatWait = (seconds: number) =>
  seconds < 60 ? `${seconds}秒` : `${Math.ceil(seconds / 60)}分钟`;

/**
 * Staff password and code guessing is slowed per account, never locked: five failures free,
 * then each further try waits 30 s, 1 min, 2 min, … at most 15 min. A right answer starts the
 * count again. (Members have the richer device lanes of decision 0015; the console has few
 * users, known to the admin, who can also reset a password.)
 */
export function createStaffLoginThrottle(store: EphemeralStore, now: Clock) {
  const keyOf = (account: string) => `staff-login:${account.toLowerCase()}`;
  return {
    async assertAllowed(account: string): Promise<void> {
      const until = Number(await store.get(`${keyOf(account)}:gate`));
      const ms = Number.isFinite(until) ? until - now().getTime() : 0;
      if (ms > 0) {
        const seconds = Math.ceil(ms / 1000);
        throw new AppError(429, `尝试过于频繁，请${formatWait(seconds)}后再试`, {
          retryAfterSeconds: seconds,
        });
      }
    },

    /** Counts a failure; returns the tries left before the delays start. */
    async failed(account: string): Promise<number> {
      const failures = await store.incr(`${keyOf(account)}:n`, WINDOW_MS);
      if (failures >= FREE_FAILURES) {
        const delay = Math.min(
          FIRST_DELAY_MS * 2 ** Math.min(failures - FREE_FAILURES, 20),
          MAX_DELAY_MS,
        );
        await store.set(`${keyOf(account)}:gate`, String(now().getTime() + delay), delay);
      }
      return Math.max(0, FREE_FAILURES - failures);
    },

    async succeeded(account: string): Promise<void> {
      await store.delete(`${keyOf(account)}:n`);
      await store.delete(`${keyOf(account)}:gate`);
    },
  };
}

export type StaffLoginThrottle = ReturnType<typeof createStaffLoginThrottle>;
