import { createSecretKey, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Config } from '../../config/env';
import type { TokenClaims } from '../../http/auth';
import type { Clock } from '../../lib/clock';

export interface TokenSubject {
  id: number;
  tokenVersion: number;
}

/** Where sessions are kept: a new one per login, revoked one by one or all together. */
export interface SessionStore {
  create(input: { id: string; memberId: number; createdAt: Date }): Promise<void>;
}

/** Verified tokens kept, so a token's signature is checked once, not on every request. */
const VERIFIED_CACHE_SIZE = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Access tokens: HS256 JWT, `sub` = member id, `exp` in seconds (the web app reads it),
 * `iss`/`aud` checked, `ver` = the member's token version at issue time, `sid` = the session
 * (one per login on a device). A switched token (a main member acting as a related member)
 * adds `main` and `mver`, the main member's id and token version; its session is the main
 * member's.
 */
export function createTokenService(jwt: Config['jwt'], now: Clock, sessions: SessionStore) {
  // Imported once: jose would otherwise turn the raw secret into a key on every call.
  const key = createSecretKey(Buffer.from(jwt.secret, 'utf8'));
  const seconds = () => Math.floor(now().getTime() / 1000);
  // Signature and claims of a token never change, only whether it has expired: the cache
  // skips the HMAC (a thread-pool round trip in WebCrypto), never the revocation check, which
  // is the member's row and session read on every request.
  const verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();
  const remember = (token: string, claims: TokenClaims, expiresAt: number) => {
    if (verified.size >= VERIFIED_CACHE_SIZE) {
      const oldest = verified.keys().next().value;
      if (oldest !== undefined) verified.delete(oldest);
    }
    verified.set(token, { claims, expiresAt });
    return claims;
  };

  return {
    /**
     * A token in the given session, or in a new one (a login) when none is given. The session
     * belongs to the main member while switched.
     */
    async issue(member: TokenSubject, actingFor?: TokenSubject, sessionId?: string) {
      let sid = sessionId;
      if (!sid) {
        sid = randomUUID();
        await sessions.create({ id: sid, memberId: actingFor?.id ?? member.id, createdAt: now() });
      }
      const iat = seconds();
      const claims = actingFor
        ? { ver: member.tokenVersion, sid, main: actingFor.id, mver: actingFor.tokenVersion }
        : { ver: member.tokenVersion, sid };
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(member.id))
        .setIssuer(jwt.issuer)
        .setAudience(jwt.audience)
        .setIssuedAt(iat)
        .setExpirationTime(iat + jwt.ttlSeconds)
        .sign(key);
    },

    async verify(token: string): Promise<TokenClaims | null> {
      const cached = verified.get(token);
      if (cached) return seconds() < cached.expiresAt ? cached.claims : null;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: jwt.issuer,
          audience: jwt.audience,
          currentDate: now(),
          requiredClaims: ['sub', 'exp', 'ver', 'sid'],
        });
        const memberId = Number(payload.sub);
        const { ver: version, sid, exp } = payload;
        if (!Number.isSafeInteger(memberId) || typeof version !== 'number') return null;
        if (typeof sid !== 'string' || !UUID.test(sid) || typeof exp !== 'number') return null;
        if (payload.main === undefined && payload.mver === undefined) {
          return remember(token, { memberId, version, sessionId: sid, main: null }, exp);
        }
        const { main, mver } = payload;
        if (typeof main !== 'number' || !Number.isSafeInteger(main) || typeof mver !== 'number') {
          return null;
        }
        const claims = {
          memberId,
          version,
          sessionId: sid,
          main: { memberId: main, version: mver },
        };
        return remember(token, claims, exp);
      } catch {
        return null;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
