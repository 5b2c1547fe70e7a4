import { Redis } from 'ioredis';
import type { EphemeralStore } from './store';

// INCR and the first PEXPIRE in one step, so a crash between them cannot leave a counter
// that never expires.
const INCR_WITH_TTL = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

const INCRBY_WITH_TTL = `
local n = redis.call('INCRBY', KEYS[1], ARGV[2])
if n == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

// Only a live counter above zero goes down; a missing key is not created at -1.
const DECR_LIVE = `
local n = tonumber(redis.call('GET', KEYS[1]))
if n and n > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * The store on Redis (used when REDIS_URL is set). Redis expires keys on its own clock, so an
 * injected test clock does not apply here.
 */
export function createRedisStore(
  url: string,
  options: { keyPrefix?: string; onError?: (error: Error) => void } = {},
): EphemeralStore {
  const redis = new Redis(url, { keyPrefix: options.keyPrefix ?? 'pcb:', maxRetriesPerRequest: 2 });
  // Without a listener ioredis prints every reconnect failure; commands still reject.
  redis.on('error', options.onError ?? (() => undefined));
  const ttl = (ms: number) => Math.max(1, Math.ceil(ms));

  return {
    async get(key) {
      return redis.get(key);
    },
    async set(key, value, ttlMs) {
      await redis.set(key, value, 'PX', ttl(ttlMs));
    },
    async setIfAbsent(key, value, ttlMs) {
      return (await redis.set(key, value, 'PX', ttl(ttlMs), 'NX')) === 'OK';
    },
    async incr(key, ttlMs) {
      return Number(await redis.eval(INCR_WITH_TTL, 1, key, ttl(ttlMs)));
    },
    async count(key, ttlMs, by = 1) {
      return Number(await redis.eval(INCRBY_WITH_TTL, 1, key, ttl(ttlMs), by));
    },
    async decr(key) {
      await redis.eval(DECR_LIVE, 1, key);
    },
    async take(key) {
      return redis.getdel(key);
    },
    async delete(key) {
      await redis.del(key);
    },
    async purgeExpired() {
      return 0;
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
