// The payment password's stored form as the server writes it (apps/server/src/lib/pin-hash.ts,
// decision 0063): HMAC-SHA256 keyed with the key derived from the server's JWT secret for
// 'payment-password', over a random salt. The bench server runs with the development secret
// unless JWT_SECRET is set. Should the server's form change, the bench's payments are refused
// as wrong passwords: loudly, not silently slower.
import { createHmac, hkdfSync, randomBytes } from 'node:crypto';

const DEV_JWT_SECRET = 'dev-only-jwt-secret-do-not-use-in-production';

export function paymentPasswordKey(secret = process.env.JWT_SECRET || DEV_JWT_SECRET) {
  return new Uint8Array(hkdfSync('sha256', secret, '', 'payment-password', 32));
}

export function hashPin(key, pin) {
  const salt = randomBytes(16);
  const digest = createHmac('sha256', key).update(salt).update(pin, 'utf8').digest();
  return `hmac-sha256$${salt.toString('base64url')}$${digest.toString('base64url')}`;
}
