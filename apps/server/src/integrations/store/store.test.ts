import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/client';
import {
  createTestClock,
  createTestDatabase,
  redisAnswers,
  TEST_REDIS_URL,
} from '../../../test/helper';
import { createPostgresStore } from './postgres-store';
import { createRedisStore } from './redis-store';
import type { EphemeralStore } from './store';

const redisUp = await redisAnswers();
let database: Database;
beforeAll(async () => {
  database = createDatabase(await createTestDatabase(), { max: 10 });
});
afterAll(async () => database?.pool.end());

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * One contract, two backends. `wait` lets time pass: the PostgreSQL store follows an injected
 * clock, Redis its own real one.
 */
function storeContract(
  name: string,
  make: () => { store: EphemeralStore; wait: (ms: number) => Promise<void> },
) {
  describe(name, () => {
    let store: EphemeralStore;
    let wait: (ms: number) => Promise<void>;
    let n = 0;
    const key = () => `k${Date.now()}-${++n}`;
    beforeAll(() => {
      ({ store, wait } = make());
    });
    afterAll(async () => store.close());

    it('gets what was set until it expires', async () => {
      const k = key();
      expect(await store.get(k)).toBeNull();
      await store.set(k, 'v1', 150);
      expect(await store.get(k)).toBe('v1');
      await store.set(k, 'v2', 150);
      expect(await store.get(k)).toBe('v2');
      await wait(200);
      expect(await store.get(k)).toBeNull();
    });

    it('sets if absent, once, and again after expiry', async () => {
      const k = key();
      expect(await store.setIfAbsent(k, 'a', 150)).toBe(true);
      expect(await store.setIfAbsent(k, 'b', 150)).toBe(false);
      expect(await store.get(k)).toBe('a');
      await wait(200);
      expect(await store.setIfAbsent(k, 'c', 150)).toBe(true);
      expect(await store.get(k)).toBe('c');
    });

    it('lets exactly one of many concurrent setIfAbsent calls win', async () => {
      const k = key();
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => store.setIfAbsent(k, String(i), 5_000)),
      );
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it('increments atomically, with the TTL set by the first increment', async () => {
      const k = key();
      const values = await Promise.all(Array.from({ length: 20 }, () => store.incr(k, 300)));
      expect([...values].sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      await wait(150);
      // Later increments do not push the expiry out.
      expect(await store.incr(k, 300)).toBe(21);
      await wait(200);
      expect(await store.incr(k, 300)).toBe(1);
    });

    it('counts as incr does (atomically, TTL from the first count), on the same counter', async () => {
      const k = key();
      const values = await Promise.all(Array.from({ length: 20 }, () => store.count(k, 300)));
      expect([...values].sort((a, b) => a - b)).toEqual(
        Array.from({ length: 20 }, (_, i) => i + 1),
      );
      expect(await store.incr(k, 300)).toBe(21);
      await wait(150);
      expect(await store.count(k, 300)).toBe(22);
      await wait(200);
      expect(await store.count(k, 300)).toBe(1);
      // Blocks: each caller's total is where its own part ends.
      const blocks = await Promise.all([3, 3, 3].map((by) => store.count(k, 300, by)));
      expect([...blocks].sort((a, b) => a - b)).toEqual([4, 7, 10]);
    });

    it('decrements a live counter atomically, never below zero nor into a new key', async () => {
      const k = key();
      await Promise.all(Array.from({ length: 5 }, () => store.incr(k, 5_000)));
      await Promise.all(Array.from({ length: 8 }, () => store.decr(k)));
      expect(await store.get(k)).toBe('0');
      expect(await store.incr(k, 5_000)).toBe(1);
      const absent = key();
      await store.decr(absent);
      expect(await store.get(absent)).toBeNull();
    });

    it('takes a value once, even under concurrency', async () => {
      const k = key();
      await store.set(k, 'code', 5_000);
      const taken = await Promise.all(Array.from({ length: 8 }, () => store.take(k)));
      expect(taken.filter((v) => v === 'code')).toHaveLength(1);
      expect(await store.get(k)).toBeNull();
      await store.set(k, 'old', 100);
      await wait(150);
      expect(await store.take(k)).toBeNull();
    });

    it('deletes', async () => {
      const k = key();
      await store.set(k, 'x', 5_000);
      await store.delete(k);
      expect(await store.get(k)).toBeNull();
      await store.delete(k);
    });
  });
}

storeContract('PostgreSQL store', () => {
  const clock = createTestClock();
  return {
    store: createPostgresStore(database.db, clock.now),
    wait: async (ms) => clock.advance(ms),
  };
});

describe.skipIf(!redisUp)(`Redis store (${TEST_REDIS_URL})`, () => {
  storeContract('contract', () => ({
    store: createRedisStore(TEST_REDIS_URL, {
      keyPrefix: `test:store:${process.pid}:${Date.now()}:`,
    }),
    wait: sleep,
  }));
});

describe('PostgreSQL store purge', () => {
  it('removes expired rows only', async () => {
    const clock = createTestClock();
    const store = createPostgresStore(database.db, clock.now);
    await store.set('purge:old', '1', 1_000);
    await store.set('purge:new', '1', 60_000);
    clock.advance(2_000);
    expect(await store.purgeExpired()).toBeGreaterThanOrEqual(1);
    const { rows } = await database.pool.query(
      "SELECT key FROM ephemeral_store WHERE key LIKE 'purge:%'",
    );
    expect(rows).toEqual([{ key: 'purge:new' }]);
  });
});
