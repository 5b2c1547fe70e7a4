import { SignJWT, jwtVerify } from 'jose';
import type { Config } from '../../config/env';
import type { TokenClaims } from '../../http/auth';
import type { Clock } from '../../lib/clock';

/**
 * Access tokens: HS256 JWT, `sub` = member id, `exp` in seconds (the web app reads it),
 * `iss`/`aud` checked, `ver` = the member's token version at issue time.
 */
export function createTokenService(jwt: Config['jwt'], now: Clock) {
  const key = new TextEncoder().encode(jwt.secret);
  const seconds = () => Math.floor(now().getTime() / 1000);

  return {
    async issue(member: { id: number; tokenVersion: number }): Promise<string> {
      const iat = seconds();
      return new SignJWT({ ver: member.tokenVersion })
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
        return { memberId, version };
      } catch {
        return null;
      }
    },
  };
}

export type TokenService = ReturnType<typeof createTokenService>;
