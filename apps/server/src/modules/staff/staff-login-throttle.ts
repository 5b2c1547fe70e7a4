import type { EphemeralStore } from '../../integrations/store/store';
import type { Clock } from '../../lib/clock';
import {
  ACCOUNT_LANE,
  ADDRESS_LANE,
  createLaneThrottle,
  type Lane,
} from '../../lib/throttle-lanes';

export interface StaffAttempt {
  /** `s:<staff id>` for an account, `n:<lower-cased name>` for a name without one. */
  account: string;
  ip: string;
  /** The browser's nonce when its staff device cookie is trusted for this account. */
  knownDevice: string | null;
}

/**
 * Staff password and code guessing is slowed, never locked (decision 0032), with the lanes of
 * the member login (`lib/throttle-lanes.ts`): every try is reserved before the password or
 * code is checked, so parallel guesses check at most the free tries (an account's 5, then
 * 30 s doubling to 15 min; an address's 30 failures, then seconds). A browser the staff
 * member logged in on before has a lane of its own for that account (the same 5 tries, for
 * passwords and codes apart). Codes count per account (or per account and browser), never
 * per challenge, so a new challenge re-arms nothing.
 */
export function createStaffLoginThrottle(store: EphemeralStore, now: Clock) {
  const passwords = createLaneThrottle(store, now, { tries: '登录', field: 'password' });
  const codes = createLaneThrottle(store, now, { tries: '动态验证码', field: 'code' });
  const oldPasswords = createLaneThrottle(store, now, { tries: '原密码', field: 'oldPassword' });

  const passwordLanes = ({ account, ip, knownDevice }: StaffAttempt): Lane[] =>
    knownDevice
      ? [
          {
            key: `staff-login:dev:${account}:${knownDevice}`,
            rule: ACCOUNT_LANE,
            refundOnSuccess: false,
          },
        ]
      : [
          { key: `staff-login:acct:${account}`, rule: ACCOUNT_LANE, refundOnSuccess: false },
          { key: `staff-login:ip:${ip}`, rule: ADDRESS_LANE, refundOnSuccess: true },
        ];

  const codeLanes = (staffId: number, knownDevice: string | null): Lane[] => [
    {
      key: knownDevice ? `staff-code:dev:${staffId}:${knownDevice}` : `staff-code:acct:${staffId}`,
      rule: ACCOUNT_LANE,
      refundOnSuccess: false,
    },
  ];

  /** The account's login lane: guesses through a change of password count with the login's. */
  const accountLane = (staffId: number): Lane[] => [
    { key: `staff-login:acct:s:${staffId}`, rule: ACCOUNT_LANE, refundOnSuccess: false },
  ];

  return {
    /**
     * Before the old password of a change is checked: a stolen session cannot guess the
     * password faster than a login could.
     */
    reserveOldPassword: (staffId: number) => oldPasswords.reserve(accountLane(staffId)),
    wrongOldPassword: oldPasswords.wrong,
    /** Before the password is checked; throws a 429 with the wait when a lane says wait. */
    reservePassword: (attempt: StaffAttempt) => passwords.reserve(passwordLanes(attempt)),
    /** Before a code is checked (the code step and the enrolment alike). */
    reserveCode: (staffId: number, knownDevice: string | null) =>
      codes.reserve(codeLanes(staffId, knownDevice)),
    /** The 400 of a wrong password or code: the tries left, or the wait before the next. */
    wrongPassword: passwords.wrong,
    wrongCode: codes.wrong,
    /** The right answer: its lanes start again (the address gets its try back). */
    succeeded: passwords.succeeded,
  };
}

export type StaffLoginThrottle = ReturnType<typeof createStaffLoginThrottle>;
