import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const ISSUER = 'PCB员工后台';
const PERIOD_SECONDS = 30;

/**
 * RFC 6238 codes (SHA-1, 6 digits, 30 s, one step either side) through `otpauth`, and the
 * secret sealed at rest with AES-256-GCM under a key derived from the server secret.
 */
export function createTotp(key: Uint8Array) {
  const totpOf = (secret: string, label = '') =>
    new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), period: PERIOD_SECONDS });

  return {
    newSecret: (): string => new Secret({ size: 20 }).base32,

    otpauthUrl: (secret: string, userName: string): string => totpOf(secret, userName).toString(),

    /** The time step the code was made for (now, or one step either side), or null. */
    matchStep(secret: string, code: string, at: Date): number | null {
      const delta = totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: 1 });
      if (delta === null) return null;
      return Math.floor(at.getTime() / 1000 / PERIOD_SECONDS) + delta;
    },

    /** The code of a moment (tests and the README's demo). */
    codeAt: (secret: string, at: Date): string =>
      totpOf(secret).generate({ timestamp: at.getTime() }),

    seal(secret: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },

    /** Null for a seal made under another key (the server secret changed) or tampered with. */
    open(sealed: string): string | null {
      if (!sealed.startsWith('v1.')) return null;
      const raw = Buffer.from(sealed.slice(3), 'base64url');
      if (raw.length < 29) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}

export type Totp = ReturnType<typeof createTotp>;
