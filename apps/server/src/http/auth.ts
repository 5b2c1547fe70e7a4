import { createHash, timingSafeEqual } from 'node:crypto';
import type { MemberInfo, StaffRole } from '@pcb/contract';
import { AppError } from './errors';

/**
 * The member's own view as the token check reads it (one prepared query per request): all of
 * MemberInfo but the grade, which is computed from the payments when a screen asks for it
 * (decision 0071).
 */
export type MemberProfile = Omit<MemberInfo, 'gradeName'>;

/** The caller of a request, once its token has been checked against the member's row. */
export interface AuthMember {
  /** The member whose account is acted in (the related member while switched). */
  id: number;
  status: MemberInfo['status'];
  /** Set while a main member acts in a related member's account (a switched token). */
  mainMemberId: number | null;
  /** The login on this device (the main member's while switched): Logout ends it. */
  sessionId: string;
  /** The member's own view, read with the token check: handlers need not read it again. */
  profile: MemberProfile;
}

export interface TokenClaims {
  memberId: number;
  version: number;
  sessionId: string;
  /** Switched tokens also name the main member and its token version (`main`, `mver`). */
  main: { memberId: number; version: number } | null;
}

type MemberStatus = AuthMember['status'];

export interface AuthDeps {
  /** Null for a missing, expired, tampered or foreign token. */
  verifyToken: (token: string) => Promise<TokenClaims | null>;
  /**
   * The member, its token version and whether the session (owned by `sessionOwnerId`, the
   * main member while switched) is live: one query.
   */
  loadMember: (
    id: number,
    sessionOwnerId: number,
    sessionId: string,
  ) => Promise<{ tokenVersion: number; sessionLive: boolean; profile: MemberProfile } | null>;
  /** The main member's state, only while its relation with the related member is approved. */
  loadSwitch: (
    mainMemberId: number,
    relatedMemberId: number,
  ) => Promise<{ status: MemberStatus; tokenVersion: number } | null>;
}

export type Authenticate = (authorization: string | undefined) => Promise<AuthMember | null>;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Every member request reads the member once, with its session, so a revoked session
 * (logout on this device), a bumped token version (log out all devices, password change) or a
 * disabled account ends existing tokens at once. A switched token costs one more query: it
 * dies with the relation, or when the main member's version moves.
 */
export function createAuthenticate(deps: AuthDeps): Authenticate {
  return async (authorization) => {
    const token = authorization ? BEARER.exec(authorization)?.[1] : undefined;
    if (!token) return null;
    const claims = await deps.verifyToken(token);
    if (!claims) return null;
    const owner = claims.main?.memberId ?? claims.memberId;
    const member = await deps.loadMember(claims.memberId, owner, claims.sessionId);
    if (
      !member ||
      !member.sessionLive ||
      member.tokenVersion !== claims.version ||
      member.profile.status === 'disabled'
    ) {
      return null;
    }
    if (claims.main) {
      const main = await deps.loadSwitch(claims.main.memberId, claims.memberId);
      if (!main || main.tokenVersion !== claims.main.version || main.status === 'disabled') {
        return null;
      }
    }
    return {
      id: claims.memberId,
      status: member.profile.status,
      mainMemberId: claims.main?.memberId ?? null,
      sessionId: claims.sessionId,
      profile: member.profile,
    };
  };
}

export const SWITCHED_SECURITY_MESSAGE = '关联账号身份下不能修改账号安全设置，请先切回主账号';

/** Acting in a related account is not owning it: security settings stay with its owner. */
export function assertOwnAccount(member: AuthMember | null): void {
  if (member?.mainMemberId != null) throw new AppError(403, SWITCHED_SECURITY_MESSAGE);
}

declare module 'fastify' {
  interface FastifyRequest {
    member: AuthMember | null;
  }
}

/** A staff member whose session cookie was checked (decision 0020). */
export interface AuthStaff {
  id: number;
  userName: string;
  realName: string;
  roles: readonly StaffRole[];
  totpEnabled: boolean;
  /** The stored (hashed) id of this session: Logout ends it. */
  sessionKey: string;
  /** What every call must send back in `X-CSRF-Token`. */
  csrfToken: string;
}

/** The staff session named by the request's cookie, or null (none, ended, idle, disabled). */
export type AuthenticateStaff = (cookieHeader: string | undefined) => Promise<AuthStaff | null>;

export const STAFF_MESSAGES = {
  unauthorized: '员工登录已失效，请重新登录',
  csrf: '安全校验失败，请刷新页面后重试',
  forbidden: '当前账号没有此操作的权限',
} as const;

/** Equal in constant time: a wrong CSRF token says nothing of the right one. */
export function csrfMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}

declare module 'fastify' {
  interface FastifyRequest {
    staff: AuthStaff | null;
  }
}
