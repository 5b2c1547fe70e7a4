import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readCookie, serializeCookie } from '../../http/cookies';

/** HttpOnly: the browser keeps it, scripts never see it. */
export const DEVICE_COOKIE = 'pcb_device';
const MAX_ACCOUNTS = 5;
const MAX_AGE_SECONDS = 180 * 24 * 3600;
const ENTRY = /^(\d{1,10})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})$/;

export interface DeviceEntry {
  memberId: number;
  nonce: string;
}

/**
 * A device cookie (OWASP's "device cookie" against account lock-out): for each account that
 * logged in on this browser, its member id, a random nonce and an HMAC of both. A password try
 * from such a device runs in its own throttle lane, so a stranger's failures never slow the
 * owner down; a stolen cookie only buys that lane's few tries.
 */
export function createDeviceTrust(key: Uint8Array) {
  const sign = (memberId: number, nonce: string) =>
    createHmac('sha256', key).update(`${memberId}.${nonce}`).digest('base64url').slice(0, 22);

  const parse = (cookieHeader: string | undefined): DeviceEntry[] => {
    const raw = readCookie(cookieHeader, DEVICE_COOKIE);
    if (!raw) return [];
    const entries: DeviceEntry[] = [];
    for (const part of raw.split('~').slice(0, MAX_ACCOUNTS)) {
      const match = ENTRY.exec(part);
      if (!match) continue;
      const [, id, nonce, signature] = match as unknown as [string, string, string, string];
      const expected = Buffer.from(sign(Number(id), nonce));
      const given = Buffer.from(signature);
      if (expected.length === given.length && timingSafeEqual(expected, given)) {
        entries.push({ memberId: Number(id), nonce });
      }
    }
    return entries;
  };

  return {
    /** The device's nonce for this member when its cookie says it logged in here before. */
    knownDevice(cookieHeader: string | undefined, memberId: number | undefined): string | null {
      if (memberId === undefined) return null;
      return parse(cookieHeader).find((entry) => entry.memberId === memberId)?.nonce ?? null;
    },

    /** The Set-Cookie value after a login: this member first, the other accounts kept. */
    remember(cookieHeader: string | undefined, memberId: number, secure: boolean): string {
      const kept = parse(cookieHeader).filter((entry) => entry.memberId !== memberId);
      const existing = parse(cookieHeader).find((entry) => entry.memberId === memberId);
      const nonce = existing?.nonce ?? randomBytes(12).toString('base64url');
      const entries = [{ memberId, nonce }, ...kept].slice(0, MAX_ACCOUNTS);
      const value = entries.map((e) => `${e.memberId}.${e.nonce}.${sign(e.memberId, e.nonce)}`);
      return serializeCookie(DEVICE_COOKIE, value.join('~'), {
        path: '/api/',
        maxAgeSeconds: MAX_AGE_SECONDS,
        secure,
        sameSite: 'Lax',
      });
    },
  };
}

export type DeviceTrust = ReturnType<typeof createDeviceTrust>;
