import type { EphemeralStore } from '../integrations/store/store';
import type { Clock } from '../lib/clock';
import { AppError } from './errors';

/**
 * A budget of calls per client address and minute for calls anyone may make often and that
 * cost us work (quotes, company suggestions): counted in the shared store, so every instance
 * agrees, and reserved with its atomic `count` before the work, so parallel calls cannot all
 * pass a check that reads first (`count`: its commit does not wait for the disk, the cost that
 * made a durable counter take 90 % of the quote's throughput). Beyond it: 429 with the message and `Retry-After` (the end of
 * the minute). Decision 0034.
 */
export function createAddressLimit(deps: {
  store: EphemeralStore;
  now: Clock;
  /** Names the counter (one budget per name). */
  name: string;
  perMinute: number;
  message: string;
}): (ip: string) => Promise<void> {
  const windowMs = 60_000;
  return async (ip) => {
    const at = deps.now().getTime();
    const window = Math.floor(at / windowMs);
    const used = await deps.store.count(`rate:${deps.name}:${window}:${ip}`, windowMs);
    if (used <= deps.perMinute) return;
    const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * windowMs - at) / 1000));
    throw new AppError(429, deps.message, { retryAfterSeconds });
  };
}
