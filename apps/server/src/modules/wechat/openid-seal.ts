import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The browser keeps WeChat's openid sealed (decision 0008): `v1.<payload>.<mac>`, where payload
 * is base64url JSON {a: app id, o: openid} and mac its HMAC-SHA256 under a server key. Knowing
 * someone's raw openid is then not enough to log in as them.
 */
export interface WechatIdentity {
  appId: string;
  openId: string;
}

export function createOpenIdSeal(key: Uint8Array) {
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();

  return {
    seal(identity: WechatIdentity): string {
      const payload = Buffer.from(
        JSON.stringify({ a: identity.appId, o: identity.openId }),
      ).toString('base64url');
      return `v1.${payload}.${mac(payload).toString('base64url')}`;
    },

    /** The identity inside a valid seal; null for anything forged, tampered with or malformed. */
    unseal(sealed: string): WechatIdentity | null {
      const [version, payload, signature, ...rest] = sealed.split('.');
      if (version !== 'v1' || !payload || !signature || rest.length > 0) return null;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const { a, o } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
          a?: unknown;
          o?: unknown;
        };
        if (typeof a !== 'string' || typeof o !== 'string' || !a || !o) return null;
        return { appId: a, openId: o };
      } catch {
        return null;
      }
    },
  };
}

export type OpenIdSeal = ReturnType<typeof createOpenIdSeal>;
