import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../lib/clock';

/** How long a mini-program hand-off may take: the pay page asks within seconds. */
export const PAY_TOKEN_TTL_MS = 10 * 60_000;

/**
 * The token a mini-program hand-off carries (decision 0057): `<expiry, base-36 seconds>.<mac>`,
 * the mac an HMAC of the payment number and the expiry under a key of its own. It stands for the
 * member who started that payment, to the mini-program's pay page, which has no login of ours;
 * it opens that one payment and nothing else, until it expires (at most the payment's own
 * expiry). Stateless: any instance checks it.
 */
export function createPayTokens(key: Uint8Array, now: Clock) {
  const mac = (outTradeNo: string, expiry: string) =>
    createHmac('sha256', key).update(`mini-program-pay:${outTradeNo}:${expiry}`).digest();

  return {
    issue(payment: { outTradeNo: string; expiresAt: Date }): string {
      const until = Math.min(now().getTime() + PAY_TOKEN_TTL_MS, payment.expiresAt.getTime());
      const expiry = Math.floor(until / 1000).toString(36);
      return `${expiry}.${mac(payment.outTradeNo, expiry).toString('base64url')}`;
    },

    /** Whether the token was issued for this payment and is still good. */
    verify(outTradeNo: string, token: string): boolean {
      const [expiry, signature, ...rest] = token.split('.');
      if (!expiry || !signature || rest.length > 0 || !/^[0-9a-z]{1,10}$/.test(expiry)) {
        return false;
      }
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(outTradeNo, expiry);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      return parseInt(expiry, 36) * 1000 > now().getTime();
    },
  };
}

export type PayTokens = ReturnType<typeof createPayTokens>;
