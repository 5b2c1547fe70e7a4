import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { EphemeralStore } from '../../integrations/store/store';

/**
 * Password guessing is slowed, never locked (decision 0014, after OWASP's "blocking brute
 * force attacks" and "slow down online guessing with device cookies"):
 * - an unknown device gets ACCOUNT.free tries at an account, then each further try waits a
 *   growing delay (30 s, 1 min, 2 min, … at most 15 min);
 * - a device the member has logged in on before (a signed device cookie) has its own lane
 *   for that account, so a stranger's failures never slow the owner down;
 * - an address gets ADDRESS.free failed tries from unknown devices in 15 minutes before its
 *   unknown-device tries are spaced out (2 s doubling, at most 1 min); a right password is
 *   given back, so an office typing its own passwords right is never slowed.
 * Every try is reserved before the password is checked (one atomic increment), so parallel
 * guesses check no more than the lane allows.
 */
export interface LaneRule {
  /** Tries without waiting. */
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** Counting restarts this long after the lane's first try. */
  windowMs: number;
}

export const ACCOUNT: LaneRule = {
  free: 5,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  windowMs: 24 * 3600_000,
};
export const KNOWN_DEVICE: LaneRule = {
  free: 10,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  windowMs: 24 * 3600_000,
};
export const ADDRESS: LaneRule = {
  free: 30,
  firstDelayMs: 2_000,
  maxDelayMs: 60_000,
  windowMs: 15 * 60_000,
};

export interface LoginAttempt {
  /** `m:<member id>` for an account, `i:<identifier>` for a name without one (same treatment). */
  account: string;
  ip: string;
  /** The device's nonce when its cookie is trusted for this account. */
  knownDevice: string | null;
}

interface Lane {
  key: string;
  rule: LaneRule;
  /** Given back when the password was right (the address lane). */
  refundOnSuccess: boolean;
}

export interface Reservation {
  lanes: { lane: Lane; count: number }[];
}

/** 'N秒' or 'N分钟', as a member reads a wait. */
export function formatWait(seconds: number): string {
  return seconds < 60 ? `${seconds}秒` : `${Math.ceil(seconds / 60)}分钟`;
}

const delayOf = (rule: LaneRule, beyondFree: number) =>
  Math.min(rule.firstDelayMs * 2 ** Math.min(beyondFree - 1, 30), rule.maxDelayMs);

export function createLoginThrottle(store: EphemeralStore, now: Clock) {
  const lanesOf = (attempt: LoginAttempt): Lane[] =>
    attempt.knownDevice
      ? [
          {
            key: `login:dev:${attempt.account}:${attempt.knownDevice}`,
            rule: KNOWN_DEVICE,
            refundOnSuccess: false,
          },
        ]
      : [
          { key: `login:acct:${attempt.account}`, rule: ACCOUNT, refundOnSuccess: false },
          { key: `login:ip:${attempt.ip}`, rule: ADDRESS, refundOnSuccess: true },
        ];

  const secondsUntil = (raw: string | null) => {
    const at = Number(raw);
    const ms = Number.isFinite(at) ? at - now().getTime() : 0;
    return ms > 0 ? Math.ceil(ms / 1000) : 0;
  };

  const refuse = (seconds: number) =>
    new AppError(429, `登录尝试过于频繁，请${formatWait(seconds)}后再试，或使用短信验证码登录`, {
      retryAfterSeconds: seconds,
    });

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
    /** Before the password is checked; throws a 429 with the wait when a lane says wait. */
    async reserve(attempt: LoginAttempt): Promise<Reservation> {
      const lanes: Reservation['lanes'] = [];
      for (const lane of lanesOf(attempt)) {
        lanes.push({ lane, count: await reserveLane(lane) });
      }
      return { lanes };
    },

    /** The error for a wrong password: how many tries remain, or how long the next waits. */
    async failed(reservation: Reservation): Promise<AppError> {
      const first = reservation.lanes[0];
      if (!first) return new AppError(400, '账号或密码错误');
      const remaining = first.lane.rule.free - first.count;
      if (remaining > 0) return new AppError(400, `账号或密码错误，还可尝试${remaining}次`);
      const gate = secondsUntil(await store.get(`${first.lane.key}:gate`));
      const seconds = Math.max(1, gate);
      return new AppError(
        400,
        `账号或密码错误，请${formatWait(seconds)}后再试，或使用短信验证码登录`,
        { retryAfterSeconds: seconds },
      );
    },

    /** The right password: the account's count starts again; the address gets its try back. */
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

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
