import type { MemberInfo } from '@pcb/contract';

/** The caller of a request, once its token has been checked against the member's row. */
export interface AuthMember {
  id: number;
  status: MemberInfo['status'];
}

export interface TokenClaims {
  memberId: number;
  version: number;
}

export interface AuthDeps {
  /** Null for a missing, expired, tampered or foreign token. */
  verifyToken: (token: string) => Promise<TokenClaims | null>;
  loadMember: (
    id: number,
  ) => Promise<{ id: number; status: AuthMember['status']; tokenVersion: number } | null>;
}

export type Authenticate = (authorization: string | undefined) => Promise<AuthMember | null>;

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Every member request reloads the member, so a bumped token version (logout, password
 * change) or a disabled account ends existing tokens at once.
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
    return { id: member.id, status: member.status };
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    member: AuthMember | null;
  }
}
