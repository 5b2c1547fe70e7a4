import type { EphemeralStore } from '../integrations/store/store';
import type { Clock } from '../lib/clock';
import { AppError } from './errors';

/** Counts of one address this instance holds for the current minute: `next` to `last`. */
interface Lease {
  next: number;
  last: number;
}

/**
 * A budget of calls per client address and minute for calls anyone may make often and that
 * cost us work (quotes, company suggestions), kept in the shared store so that every instance
 * agrees. Decision 0034.
 *
 * Counts are reserved before the work, atomically, a block at a time: an instance adds a block
 * (a twelfth of the budget) to the address's counter with one `count` and hands its numbers out
 * one by one; a number beyond the budget is a 429 with the message and `Retry-After` (the rest
 * of the minute), and the address is refused without asking the store again until the minute
 * ends. So parallel calls cannot pass together, a flood costs the store one write, and the
 * answered path one write per block rather than per call (a write per quote cost most of the
 * quote's throughput). The price: numbers an instance reserved and did not use are lost for the
 * minute, at most a twelfth of the budget per other instance the address reached.
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
  const block = Math.max(1, Math.floor(deps.perMinute / 12));
  let currentWindow = -1;
  /** This minute's leases, or a reservation on its way (callers meanwhile wait for it). */
  let leases = new Map<string, Lease | Promise<Lease>>();

  async function reserve(key: string): Promise<Lease> {
    const last = await deps.store.count(key, windowMs, block);
    return { next: last - block + 1, last };
  }

  return async (ip) => {
    const at = deps.now().getTime();
    const window = Math.floor(at / windowMs);
    if (window !== currentWindow) {
      currentWindow = window;
      leases = new Map();
    }
    const key = `rate:${deps.name}:${window}:${ip}`;
    for (;;) {
      const held = leases.get(key);
      if (held === undefined) {
        const reservation = reserve(key);
        leases.set(key, reservation);
        try {
          leases.set(key, await reservation);
        } catch (error) {
          leases.delete(key);
          throw error;
        }
        continue;
      }
      const lease = held instanceof Promise ? await held : held;
      if (lease.next > deps.perMinute) {
        const retryAfterSeconds = Math.max(1, Math.ceil(((window + 1) * windowMs - at) / 1000));
        throw new AppError(429, deps.message, { retryAfterSeconds });
      }
      if (lease.next <= lease.last) {
        lease.next += 1;
        return;
      }
      // This block is used up: reserve another (unless a caller already does).
      const current = leases.get(key);
      if (current === held || current === lease) leases.delete(key);
    }
  };
}
