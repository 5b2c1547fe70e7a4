import type { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import {
  ACCOUNT_LANE,
  ADDRESS_LANE,
  createLaneThrottle,
  type Lane,
  type LaneRule,
  type Reservation,
} from '../../lib/throttle-lanes';
import type { EphemeralStore } from '../../integrations/store/store';

/**
 * Password guessing is slowed, never locked (decision 0015, after OWASP's "blocking brute
 * force attacks" and "slow down online guessing with device cookies"):
 * - an unknown device gets ACCOUNT_LANE.free tries at an account, then each further try waits a
 *   growing delay (30 s, 1 min, 2 min, … at most 15 min);
 * - a device the member has logged in on before (a signed device cookie) has its own lane
 *   for that account, so a stranger's failures never slow the owner down;
 * - an address gets ADDRESS_LANE.free failed tries from unknown devices in 15 minutes before its
 *   unknown-device tries are spaced out (2 s doubling, at most 1 min); a right password is
 *   given back, so an office typing its own passwords right is never slowed.
 * Every try is reserved before the password is checked (`lib/throttle-lanes.ts`, shared with
 * the staff login), so parallel guesses check no more than the lane allows.
 */
export const KNOWN_DEVICE: LaneRule = {
  free: 10,
  firstDelayMs: 30_000,
  maxDelayMs: 15 * 60_000,
  windowMs: 24 * 3600_000,
};

export interface LoginAttempt {
  /** `m:<member id>` for an account, `i:<identifier>` for a name without one (same treatment). */
  account: string;
  ip: string;
  /** The device's nonce when its cookie is trusted for this account. */
  knownDevice: string | null;
}

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
          { key: `login:acct:${attempt.account}`, rule: ACCOUNT_LANE, refundOnSuccess: false },
          { key: `login:ip:${attempt.ip}`, rule: ADDRESS_LANE, refundOnSuccess: true },
        ];

  const lanes = createLaneThrottle(store, now, {
    tries: '登录',
    hint: '，或使用短信验证码登录',
  });

  return {
    /** Before the password is checked; throws a 429 with the wait when a lane says wait. */
    reserve: (attempt: LoginAttempt): Promise<Reservation> => lanes.reserve(lanesOf(attempt)),

    /** The error for a wrong password: how many tries remain, or how long the next waits. */
    failed: (reservation: Reservation): Promise<AppError> =>
      lanes.wrong(reservation, '账号或密码错误'),

    /** The right password: the account's count starts again; the address gets its try back. */
    succeeded: lanes.succeeded,
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
