import { AppError } from '../../http/errors';
import type { EphemeralStore } from '../../integrations/store/store';

export const LOGIN_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 10;
/** Higher than per account: many members may share one office or carrier-grade NAT address. */
export const MAX_FAILURES_PER_IP = 30;

/** Counts failed logins per account and per IP in a 15-minute window, in the shared store. */
export function createLoginThrottle(store: EphemeralStore) {
  const accountKey = (identifier: string) => `login:fail:account:${identifier.toLowerCase()}`;
  const ipKey = (ip: string) => `login:fail:ip:${ip}`;

  return {
    async assertAllowed(identifier: string, ip: string): Promise<void> {
      const [account, fromIp] = await Promise.all([
        store.get(accountKey(identifier)),
        store.get(ipKey(ip)),
      ]);
      if (
        Number(account ?? 0) >= MAX_FAILURES_PER_ACCOUNT ||
        Number(fromIp ?? 0) >= MAX_FAILURES_PER_IP
      ) {
        throw new AppError(429, '登录失败次数过多，请15分钟后再试');
      }
    },
    async recordFailure(identifier: string, ip: string): Promise<void> {
      await Promise.all([
        store.incr(accountKey(identifier), LOGIN_WINDOW_MS),
        store.incr(ipKey(ip), LOGIN_WINDOW_MS),
      ]);
    },
    async reset(identifier: string): Promise<void> {
      await store.delete(accountKey(identifier));
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
