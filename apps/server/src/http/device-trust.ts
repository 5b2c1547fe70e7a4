import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readCookie, serializeCookie } from './cookies';

const MAX_ACCOUNTS = 5;
const MAX_AGE_SECONDS = 180 * 24 * 3600;
const ENTRY = /^(\d{1,10})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22})$/;

export interface DeviceEntry {
  accountId: number;
  nonce: string;
}

/** Where the browser keeps its cookie (HttpOnly: scripts never see it). */
export interface DeviceCookie {
  name: string;
  /** The narrowest path that reaches the logins it serves. */
  path: string;
  sameSite: 'Lax' | 'Strict';
}

/**
 * A device cookie (OWASP's "device cookie" against account lock-out): for each account that
 * logged in on this browser, its id, a random nonce and an HMAC of both. A try from such a
 * device runs in its own throttle lane, so a stranger's failures never slow the owner down; a
 * stolen cookie only buys that lane's few tries. Members (`pcb_device`, decision 0015) and
 * staff (`pcb_staff_device`, decision 0032) each have one, under their own key.
 */
export function createDeviceTrust(key: Uint8Array, cookie: DeviceCookie) {
  const sign = (accountId: number, nonce: string) =>
    createHmac('sha256', key).update(`${accountId}.${nonce}`).digest('base64url').slice(0, 22);

  const parse = (cookieHeader: string | undefined): DeviceEntry[] => {
    const raw = readCookie(cookieHeader, cookie.name);
    if (!raw) return [];
    const entries: DeviceEntry[] = [];
    for (const part of raw.split('~').slice(0, MAX_ACCOUNTS)) {
      const match = ENTRY.exec(part);
      if (!match) continue;
      const [, id, nonce, signature] = match as unknown as [string, string, string, string];
      const expected = Buffer.from(sign(Number(id), nonce));
      const given = Buffer.from(signature);
      if (expected.length === given.length && timingSafeEqual(expected, given)) {
        entries.push({ accountId: Number(id), nonce });
      }
    }
    return entries;
  };

  return {
    /** The device's nonce for this account when its cookie says it logged in here before. */
    knownDevice(cookieHeader: string | undefined, accountId: number | undefined): string | null {
      if (accountId === undefined) return null;
      return parse(cookieHeader).find((entry) => entry.accountId === accountId)?.nonce ?? null;
    },

    /** The Set-Cookie value after a login: this account first, the other accounts kept. */
    remember(cookieHeader: string | undefined, accountId: number, secure: boolean): string {
      const kept = parse(cookieHeader).filter((entry) => entry.accountId !== accountId);
      const existing = parse(cookieHeader).find((entry) => entry.accountId === accountId);
      const nonce = existing?.nonce ?? randomBytes(12).toString('base64url');
      const entries = [{ accountId, nonce }, ...kept].slice(0, MAX_ACCOUNTS);
      const value = entries.map((e) => `${e.accountId}.${e.nonce}.${sign(e.accountId, e.nonce)}`);
      return serializeCookie(cookie.name, value.join('~'), {
        path: cookie.path,
        maxAgeSeconds: MAX_AGE_SECONDS,
        secure,
        sameSite: cookie.sameSite,
      });
    },
  };
}

export type DeviceTrust = ReturnType<typeof createDeviceTrust>;
