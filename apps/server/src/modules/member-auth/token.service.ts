import { SignJWT, jwtVerify } from 'jose';
import type { Config } from '../../config/env';
import type { TokenClaims } from '../../http/auth';
import type { Clock } from '../../lib/clock';

export interface TokenSubject {
  id: number;
  tokenVersion: number;
}

/**
 * Access tokens: HS256 JWT, `sub` = member id, `exp` in seconds (the web app reads it),
 * `iss`/`aud` checked, `ver` = the member's token version at issue time. A switched token
 * (a main member acting as a related member) adds `main` and `mver`, the main member's id and
 * token version.
 */
export function createTokenService(jwt: Config['jwt'], now: Clock) {
  const key = new TextEncoder().encode(jwt.secret);
  const seconds = () => Math.floor(now().getTime() / 1000);

  return {
    async issue(member: TokenSubject, actingFor?: TokenSubject): Promise<string> {
      const iat = seconds();
      const claims = actingFor
        ? { ver: member.tokenVersion, main: actingFor.id, mver: actingFor.tokenVersion }
        : { ver: member.tokenVersion };
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
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: jwt.issuer,
          audience: jwt.audience,
          currentDate: now(),
          requiredClaims: ['sub', 'exp', 'ver'],
        });
        const memberId = Number(payload.sub);
        const version = payload.ver;
        if (!Number.isSafeInteger(memberId) || typeof version !== 'number') return null;
        if (payload.main === undefined && payload.mver === undefined) {
          return { memberId, version, main: null };
        }
        const { main, mver } = payload;
        if (typeof main !== 'number' || !Number.isSafeInteger(main) || typeof mver !== 'number') {
          return null;
        }
        return { memberId, version, main: { memberId: main, version: mver } };
      } catch {
        return null;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
