import { AppError } from '../http/errors';
import type { EphemeralStore } from '../integrations/store/store';
import type { Clock } from './clock';

/**
 * Guessing slowed, never locked (decisions 0015 and 0032, after OWASP's "blocking brute force
 * attacks"): each lane gives a few tries at once, then each further try waits a growing delay.
 * Every try is reserved before the secret is checked (one atomic increment), so parallel
 * guesses check no more than the lane allows. Member and staff logins choose their lanes.
 */
export interface LaneRule {
  /** Tries without waiting. */
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** Counting restarts this long after the lane's first try. */
  windowMs: number;
}

export interface Lane {
  key: string;
  rule: LaneRule;
  /** Given back when the secret was right (an address lane), instead of starting again. */
  refundOnSuccess: boolean;
}

export interface Reservation {
  lanes: { lane: Lane; count: number }[];
}

/** An account's tries from an unknown browser: 5, then 30 s doubling to 15 min; a day's count. */
export const ACCOUNT_LANE: LaneRule = {
  free: 5,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  windowMs: 24 * 3600_000,
};
/** An address's failed tries from unknown browsers: 30 in 15 min, then 2 s doubling to 1 min. */
export const ADDRESS_LANE: LaneRule = {
  free: 30,
  firstDelayMs: 2_000,
  maxDelayMs: 60_000,
  windowMs: 15 * 60_000,
};

/** How a login words its refusals. */
export interface LaneWording {
  /** What is tried, before `尝试过于频繁` (`登录`, `动态验证码`). */
  tries: string;
  /** Said after every wait (`，或使用短信验证码登录`). */
  hint?: string;
  /** The input field the refusals are about, so a form shows them under it. */
  field?: string;
}

/** 'N秒' or 'N分钟', as a person reads a wait. */
export function formatWait(seconds: number): string {
  return seconds < 60 ? `${seconds}秒` : `${Math.ceil(seconds / 60)}分钟`;
}

const delayOf = (rule: LaneRule, beyondFree: number) =>
  Math.min(rule.firstDelayMs * 2 ** Math.min(beyondFree - 1, 30), rule.maxDelayMs);

export function createLaneThrottle(store: EphemeralStore, now: Clock, wording: LaneWording) {
  const { hint = '', field } = wording;
  const refuse = (seconds: number) =>
    new AppError(429, `${wording.tries}尝试过于频繁，请${formatWait(seconds)}后再试${hint}`, {
      retryAfterSeconds: seconds,
      field,
    });

  const secondsUntil = (raw: string | null) => {
    const at = Number(raw);
    const ms = Number.isFinite(at) ? at - now().getTime() : 0;
    return ms > 0 ? Math.ceil(ms / 1000) : 0;
  };

  /** One lane: a gate while a delay runs, else one atomic increment, then the gate if due. */
  async function reserveLane(lane: Lane): Promise<number> {
    const gateKey = `${lane.key}:gate`;
    const waiting = secondsUntil(await store.get(gateKey));
    if (waiting > 0) throw refuse(waiting);
    const count = await store.incr(`${lane.key}:n`, lane.rule.windowMs);
    if (count < lane.rule.free) return count;
    // The last free try, and each later one, takes the gate: it goes ahead at once, and the
    // next try waits out the delay that starts with it. Parallel tries lose the gate.
    const first = lane.rule.firstDelayMs;
    const taken = await store.setIfAbsent(gateKey, String(now().getTime() + first), first);
    if (!taken) throw refuse(Math.max(1, secondsUntil(await store.get(gateKey))));
    // The delay grows with the tries that took the gate, not with refused ones.
    const delay = delayOf(lane.rule, await store.incr(`${lane.key}:k`, lane.rule.windowMs));
    if (delay > first) await store.set(gateKey, String(now().getTime() + delay), delay);
    return count;
  }

  return {
    /** Before the secret is checked, lane by lane; throws a 429 with the wait when one says so. */
    async reserve(lanes: Lane[]): Promise<Reservation> {
      const reserved: Reservation['lanes'] = [];
      for (const lane of lanes) reserved.push({ lane, count: await reserveLane(lane) });
      return { lanes: reserved };
    },

    /**
     * The 400 of a wrong secret (`message` says which): how many tries its first lane has
     * left, or how long the next one waits.
     */
    async wrong(reservation: Reservation, message: string): Promise<AppError> {
      const first = reservation.lanes[0];
      const remaining = first ? first.lane.rule.free - first.count : 0;
      if (!first || remaining > 0) {
        return new AppError(400, first ? `${message}，还可尝试${remaining}次` : message, { field });
      }
      const seconds = Math.max(1, secondsUntil(await store.get(`${first.lane.key}:gate`)));
      return new AppError(400, `${message}，请${formatWait(seconds)}后再试${hint}`, {
        retryAfterSeconds: seconds,
        field,
      });
    },

    /** The right secret: each lane starts again, or gives the try back. */
    async succeeded(reservation: Reservation): Promise<void> {
      for (const { lane } of reservation.lanes) {
        if (lane.refundOnSuccess) {
          await store.decr(`${lane.key}:n`);
        } else {
          await store.delete(`${lane.key}:n`);
          await store.delete(`${lane.key}:k`);
          await store.delete(`${lane.key}:gate`);
        }
      }
    },
  };
}

export type LaneThrottle = ReturnType<typeof createLaneThrottle>;
