import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { verify as argon2Verify } from '@node-rs/argon2';

/** The stored form's prefix: `hmac-sha256$<salt>$<digest>`, both base64url. */
const PREFIX = 'hmac-sha256$';
const SALT_BYTES = 16;

/** What a try against a stored hash found; `legacy` is right, against an argon2 hash to replace. */
export type PinCheck = 'ok' | 'legacy' | 'wrong';

/**
 * Six-digit payment passwords (decision 0063): an HMAC-SHA256 keyed with a
 * server key that never reaches the database, over a per-member salt. Six digits are 20 bits:
 * argon2 at any cost a payment can afford does not stop an offline guess from a stolen table,
 * the key does (the table alone gives nothing to guess against); the online guess is stopped by
 * the lock after five tries. A check costs microseconds instead of argon2's ~50 ms of CPU.
 * Hashes written before are argon2id and are still accepted once (`legacy`), to be replaced.
 */
export function createPinHasher(key: Uint8Array) {
  const digestOf = (salt: Buffer, pin: string) =>
    createHmac('sha256', key).update(salt).update(pin, 'utf8').digest();

  return {
    hash(pin: string): string {
      const salt = randomBytes(SALT_BYTES);
      return `${PREFIX}${salt.toString('base64url')}$${digestOf(salt, pin).toString('base64url')}`;
    },

    async check(stored: string, pin: string): Promise<PinCheck> {
      if (!stored.startsWith(PREFIX))
        return (await argon2Verify(stored, pin).catch(() => false)) ? 'legacy' : 'wrong';
      const [salt, digest] = stored.slice(PREFIX.length).split('$');
      if (!salt || !digest) return 'wrong';
      const expected = Buffer.from(digest, 'base64url');
      const actual = digestOf(Buffer.from(salt, 'base64url'), pin);
      return expected.length === actual.length && timingSafeEqual(expected, actual)
        ? 'ok'
        : 'wrong';
    },
  };
}

export type PinHasher = ReturnType<typeof createPinHasher>;

/** The purpose the payment password's key is derived for (`deriveKey`). */
export const PAYMENT_PASSWORD_KEY_PURPOSE = 'payment-password';
