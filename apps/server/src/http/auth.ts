import type { MemberInfo } from '@pcb/contract';
import { AppError } from './errors';

/** The caller of a request, once its token has been checked against the member's row. */
export interface AuthMember {
  /** The member whose account is acted in (the related member while switched). */
  id: number;
  status: MemberInfo['status'];
  /** Set while a main member acts in a related member's account (a switched token). */
  mainMemberId: number | null;
}

export interface TokenClaims {
  memberId: number;
  version: number;
  /** Switched tokens also name the main member and its token version (`main`, `mver`). */
  main: { memberId: number; version: number } | null;
}

type MemberStatus = AuthMember['status'];

export interface AuthDeps {
  /** Null for a missing, expired, tampered or foreign token. */
  verifyToken: (token: string) => Promise<TokenClaims | null>;
  loadMember: (
    id: number,
  ) => Promise<{ id: number; status: MemberStatus; tokenVersion: number } | null>;
  /** The main member's state, only while its relation with the related member is approved. */
  loadSwitch: (
    mainMemberId: number,
    relatedMemberId: number,
  ) => Promise<{ status: MemberStatus; tokenVersion: number } | null>;
}

export type Authenticate = (authorization: string | undefined) => Promise<AuthMember | null>;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Every member request reloads the member, so a bumped token version (logout, password
 * change) or a disabled account ends existing tokens at once. A switched token costs one more
 * query: it dies with the relation, or when the main member's version moves (its logout).
 */
export function createAuthenticate(deps: AuthDeps): Authenticate {
  return async (authorization) => {
    const token = authorization ? BEARER.exec(authorization)?.[1] : undefined;
    if (!token) return null;
    const claims = await deps.verifyToken(token);
    if (!claims) return null;
    const member = await deps.loadMember(claims.memberId);
    if (!member || member.tokenVersion !== claims.version || member.status === 'disabled') {
      return null;
    }
    if (claims.main) {
      const main = await deps.loadSwitch(claims.main.memberId, member.id);
      if (!main || main.tokenVersion !== claims.main.version || main.status === 'disabled') {
        return null;
      }
    }
    return { id: member.id, status: member.status, mainMemberId: claims.main?.memberId ?? null };
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
