import { createHash, randomBytes } from 'node:crypto';
import type { StaffLoginResult } from '@pcb/contract/staff-auth';
import {
  TOTP_REQUIRED_ROLES,
  type StaffProfile,
  type StaffSession,
} from '@pcb/contract/staff-common';
import type { Db, Executor } from '../../db/client';
import { serializeCookie } from '../../http/cookies';
import type { DeviceTrust } from '../../http/device-trust';
import { STAFF_SESSION_COOKIE, type StaffWrite } from '../../http/define-route';
import { AppError } from '../../http/errors';
import type { AuthStaff, AuthenticateStaff } from '../../http/auth';
import type { EphemeralStore } from '../../integrations/store/store';
import type { Clock } from '../../lib/clock';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { AuditApi } from '../audit/audit.module';
import type { Reservation } from '../../lib/throttle-lanes';
import type { StaffLoginThrottle } from './staff-login-throttle';
import type { StaffRepository } from './staff.repository';
import type { StaffAccountRow } from './staff.table';
import type { Totp } from './totp';

export const STAFF_IDLE_TIMEOUT_SECONDS = 30 * 60;
export const STAFF_SESSION_MAX_SECONDS = 12 * 3600;
/** How long the password step stays good for the code step. */
const CHALLENGE_TTL_MS = 5 * 60_000;
/** last_seen_at is written at most this often: one write a minute, not one a call. */
const TOUCH_EVERY_MS = 60_000;

export const WRONG_LOGIN_MESSAGE = '用户名或密码错误';
export const STAFF_DISABLED_MESSAGE = '账号已停用，请联系管理员';
export const WRONG_CODE_MESSAGE = '动态验证码错误';
export const USED_CODE_MESSAGE = '该动态验证码已使用，请等待下一个验证码';
export const CHALLENGE_MESSAGE = '登录已超时，请重新输入用户名和密码';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

interface Challenge {
  staffId: number;
  purpose: 'totp' | 'enroll';
  /** The secret being enrolled (enroll only). */
  secret?: string;
}

export const profileOf = (row: StaffAccountRow): StaffProfile => ({
  id: row.id,
  userName: row.userName,
  realName: row.realName,
  roles: row.roles,
  totpEnabled: row.totpEnabled,
});

export const needsTotp = (roles: readonly string[]) =>
  roles.some((role) => (TOTP_REQUIRED_ROLES as readonly string[]).includes(role));

export interface StaffAuthDeps {
  db: Db;
  repository: StaffRepository;
  store: EphemeralStore;
  totp: Totp;
  throttle: StaffLoginThrottle;
  /** The staff device cookie: a browser that logged in before has tries of its own. */
  deviceTrust: DeviceTrust;
  audit: AuditApi;
  now: Clock;
  /** Secure cookies when the public origin is HTTPS. */
  secureCookie: boolean;
}

/** Staff login (password, then a TOTP code where required), sessions and their cookie. */
export function createStaffAuthService(deps: StaffAuthDeps) {
  const { db, repository, store, totp, throttle, deviceTrust, audit, now } = deps;

  const cookie = (value: string, maxAgeSeconds: number) =>
    serializeCookie(STAFF_SESSION_COOKIE, value, {
      path: '/api/',
      maxAgeSeconds,
      secure: deps.secureCookie,
      sameSite: 'Strict',
    });

  const recordLogin = (
    ex: Executor,
    row: StaffAccountRow | undefined,
    ip: string,
    after: Record<string, unknown>,
  ) =>
    audit.record(ex, {
      actor: row ? { id: row.id, userName: row.userName, realName: row.realName } : null,
      action: 'StaffAuth.Login',
      objectType: 'staff',
      objectId: row?.id ?? null,
      before: null,
      after,
      ip,
    });

  /**
   * A new session, its audit row and the account's last login, in one transaction; the
   * browser becomes a known device of the account (decision 0032).
   */
  async function startSession(
    row: StaffAccountRow,
    ip: string,
    step: string,
    deviceCookie: string | undefined,
  ) {
    const id = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(32).toString('base64url');
    const at = now();
    await db.transaction(async (tx) => {
      await repository.insertSession(
        tx,
        { key: sha256(id), staffId: row.id, csrfToken, ip, createdAt: at, lastSeenAt: at },
        at,
      );
      await recordLogin(tx, row, ip, { result: 'success', step });
    });
    const session: StaffSession = {
      staff: profileOf({ ...row, totpEnabled: row.totpEnabled || step === 'enroll' }),
      csrfToken,
      idleTimeoutSeconds: STAFF_IDLE_TIMEOUT_SECONDS,
    };
    const cookies = [
      cookie(id, STAFF_SESSION_MAX_SECONDS),
      deviceTrust.remember(deviceCookie, row.id, deps.secureCookie),
    ];
    return { session, cookies };
  }

  /**
   * The challenge of the password step, for its account, still active, and a code try
   * reserved: per account (or per account and known browser), never per challenge.
   */
  async function openChallenge(
    challenge: string,
    purpose: Challenge['purpose'],
    deviceCookie: string | undefined,
  ) {
    const raw = await store.get(`staff-challenge:${sha256(challenge)}`);
    const parsed = raw ? (JSON.parse(raw) as Challenge) : null;
    if (!parsed || parsed.purpose !== purpose) throw new AppError(401, CHALLENGE_MESSAGE);
    const row = await repository.findById(parsed.staffId);
    if (!row) throw new AppError(401, CHALLENGE_MESSAGE);
    if (row.status !== 'active') throw new AppError(403, STAFF_DISABLED_MESSAGE);
    const knownDevice = deviceTrust.knownDevice(deviceCookie, row.id);
    const reservation = await throttle.reserveCode(row.id, knownDevice);
    return { row, parsed, reservation };
  }

  async function newChallenge(value: Challenge): Promise<string> {
    const challenge = randomBytes(32).toString('base64url');
    await store.set(
      `staff-challenge:${sha256(challenge)}`,
      JSON.stringify(value),
      CHALLENGE_TTL_MS,
    );
    return challenge;
  }

  const dropChallenge = (challenge: string) => store.delete(`staff-challenge:${sha256(challenge)}`);

  async function wrongCode(
    row: StaffAccountRow,
    reservation: Reservation,
    ip: string,
    step: string,
    result: 'wrongCode' | 'replay',
  ) {
    await recordLogin(db, row, ip, { result, step });
    // A replay was the right code once: no count of tries, only the reason.
    if (result === 'replay') return new AppError(400, USED_CODE_MESSAGE, { field: 'code' });
    return throttle.wrongCode(reservation, WRONG_CODE_MESSAGE);
  }

  const authenticate: AuthenticateStaff = async (cookieValue) => {
    if (!cookieValue || cookieValue.length > 128) return null;
    const key = sha256(cookieValue);
    const found = await repository.findSession(key);
    if (!found) return null;
    const { session, staff } = found;
    const at = now();
    const idleMs = at.getTime() - session.lastSeenAt.getTime();
    const ageMs = at.getTime() - session.createdAt.getTime();
    if (
      staff.status !== 'active' ||
      idleMs > STAFF_IDLE_TIMEOUT_SECONDS * 1000 ||
      ageMs > STAFF_SESSION_MAX_SECONDS * 1000
    ) {
      await repository.endSession(db, key, at);
      return null;
    }
    if (idleMs > TOUCH_EVERY_MS) await repository.touchSession(key, at);
    return {
      id: staff.id,
      userName: staff.userName,
      realName: staff.realName,
      roles: staff.roles,
      totpEnabled: staff.totpEnabled,
      sessionKey: key,
      csrfToken: session.csrfToken,
    } satisfies AuthStaff;
  };

  return {
    authenticate,

    /** The password step: a session, or the code (or enrolment) step next. */
    async login(
      input: { userName: string; password: string },
      ip: string,
      deviceCookie?: string,
    ): Promise<{ result: StaffLoginResult; cookies?: string[] }> {
      const account = input.userName.trim().toLowerCase();
      const row = await repository.findByUserName(account);
      // Reserved before the password is checked: parallel guesses check no more than the lane.
      const reservation = await throttle.reservePassword({
        account: row ? `s:${row.id}` : `n:${account}`,
        ip,
        knownDevice: deviceTrust.knownDevice(deviceCookie, row?.id),
      });
      const valid = await verifyPassword(row?.passwordHash, input.password);
      if (!row || !valid) {
        await recordLogin(db, row, ip, {
          result: row ? 'wrongPassword' : 'unknownUser',
          userName: account,
        });
        throw await throttle.wrongPassword(reservation, WRONG_LOGIN_MESSAGE);
      }
      if (row.status !== 'active') {
        await recordLogin(db, row, ip, { result: 'disabled' });
        throw new AppError(403, STAFF_DISABLED_MESSAGE);
      }
      await throttle.succeeded(reservation);
      if (row.totpEnabled) {
        return {
          result: {
            next: 'totp',
            challenge: await newChallenge({ staffId: row.id, purpose: 'totp' }),
          },
        };
      }
      if (needsTotp(row.roles)) {
        const secret = totp.newSecret();
        const challenge = await newChallenge({ staffId: row.id, purpose: 'enroll', secret });
        return {
          result: {
            next: 'enrollTotp',
            challenge,
            secret,
            otpauthUrl: totp.otpauthUrl(secret, row.userName),
          },
        };
      }
      const { session, cookies } = await startSession(row, ip, 'password', deviceCookie);
      return { result: { next: 'done', session }, cookies };
    },

    /** The code step: a code is accepted once (its 30-second step is stored). */
    async verifyTotp(
      input: { challenge: string; code: string },
      ip: string,
      deviceCookie?: string,
    ) {
      const { row, reservation } = await openChallenge(input.challenge, 'totp', deviceCookie);
      const secret = row.totpEnabled && row.totpSecret ? totp.open(row.totpSecret) : null;
      if (!secret) throw new AppError(401, CHALLENGE_MESSAGE);
      const step = totp.matchStep(secret, input.code, now());
      if (step === null) throw await wrongCode(row, reservation, ip, 'totp', 'wrongCode');
      if (!(await repository.useTotpStep(row.id, step))) {
        throw await wrongCode(row, reservation, ip, 'totp', 'replay');
      }
      await throttle.succeeded(reservation);
      await dropChallenge(input.challenge);
      return startSession(row, ip, 'totp', deviceCookie);
    },

    /** First login of a role that requires a second factor: the first code confirms the app. */
    async enrollTotp(
      input: { challenge: string; code: string },
      ip: string,
      deviceCookie?: string,
    ) {
      const { row, parsed, reservation } = await openChallenge(
        input.challenge,
        'enroll',
        deviceCookie,
      );
      if (!parsed.secret) throw new AppError(401, CHALLENGE_MESSAGE);
      const step = totp.matchStep(parsed.secret, input.code, now());
      if (step === null) throw await wrongCode(row, reservation, ip, 'enroll', 'wrongCode');
      const enrolled = await repository.enrollTotp(
        db,
        row.id,
        totp.seal(parsed.secret),
        step,
        now(),
      );
      if (!enrolled) throw new AppError(409, '该账号已绑定身份验证器，请重新登录');
      await throttle.succeeded(reservation);
      await dropChallenge(input.challenge);
      return startSession(row, ip, 'enroll', deviceCookie);
    },

    async me(staff: AuthStaff): Promise<StaffSession> {
      const row = await repository.findById(staff.id);
      if (!row) throw new AppError(401, CHALLENGE_MESSAGE);
      return {
        staff: profileOf(row),
        csrfToken: staff.csrfToken,
        idleTimeoutSeconds: STAFF_IDLE_TIMEOUT_SECONDS,
      };
    },

    /** Ends this session; the cookie is cleared. */
    async logout(write: StaffWrite): Promise<string> {
      await repository.endSession(write.tx, write.staff.sessionKey, now());
      await write.audit('staffSession', write.staff.id, null, { ended: true });
      return cookie('', 0);
    },

    /** The old password proves the caller; every other session of the account ends. */
    /**
     * Before a change of password opens its write: the old password proves the caller, each
     * try reserved in the account's login lane (a stolen session guesses no faster than a login).
     */
    async proveOldPassword(staff: AuthStaff, oldPassword: string) {
      const row = await repository.findById(staff.id);
      if (!row) throw new AppError(401, CHALLENGE_MESSAGE);
      const reservation = await throttle.reserveOldPassword(row.id);
      if (!(await verifyPassword(row.passwordHash, oldPassword))) {
        throw await throttle.wrongOldPassword(reservation, '原密码错误');
      }
      await throttle.succeeded(reservation);
    },

    /** The change itself; the old password is checked again in its transaction. */
    async changePassword(write: StaffWrite, oldPassword: string, newPassword: string) {
      const row = await repository.findById(write.staff.id, write.tx);
      if (!row || !(await verifyPassword(row.passwordHash, oldPassword))) {
        throw new AppError(400, '原密码错误', { field: 'oldPassword' });
      }
      if (oldPassword === newPassword) {
        throw new AppError(400, '新密码不能与原密码相同', { field: 'newPassword' });
      }
      const at = now();
      await repository.update(
        write.tx,
        row.id,
        { passwordHash: await hashPassword(newPassword) },
        at,
      );
      await repository.endAllSessions(write.tx, row.id, at, write.staff.sessionKey);
      await write.audit('staff', row.id, null, { passwordChanged: true });
      return { ok: true as const };
    },
  };
}

export type StaffAuthService = ReturnType<typeof createStaffAuthService>;
