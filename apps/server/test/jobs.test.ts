import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { storePurgeJob } from '../src/integrations/store/purge-job';
import type { EphemeralStore } from '../src/integrations/store/store';
import { defineJob } from '../src/lib/jobs/job';
import { buildTestApp, createTestClock, createTestDatabase, type TestApp } from './helper';

const TEN_MINUTES = 10 * 60_000;
const WORKERS_ON = { JOB_WORKERS: 'on' };

/** The store's purges as they happen; `failFirst` makes the first one throw. */
function countingStore(options: { failFirst?: boolean } = {}) {
  const calls: ('failed' | 'purged')[] = [];
  const wrap = (store: EphemeralStore): EphemeralStore => ({
    ...store,
    async purgeExpired() {
      if (options.failFirst && calls.length === 0) {
        calls.push('failed');
        throw new Error('purge failed on purpose');
      }
      calls.push('purged');
      return store.purgeExpired();
    },
  });
  return { calls, wrap };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error('timed out waiting');
    await sleep(50);
  }
}

/** Two expired entries and a live one, on the app's own clock. */
async function expiredAndLive(t: TestApp): Promise<void> {
  await t.store.set('jobs:old-1', 'x', 1_000);
  await t.store.set('jobs:old-2', 'x', 1_000);
  await t.store.set('jobs:live', 'x', 60 * 60_000);
  t.clock.advance(5_000);
}

async function storeKeys(t: TestApp): Promise<string[]> {
  const { rows } = await t.database.pool.query<{ key: string }>(
    "SELECT key FROM ephemeral_store WHERE key LIKE 'jobs:%' ORDER BY key",
  );
  return rows.map((r) => r.key);
}

/** Sessions of this database waiting on graphile-worker's notifications: running workers. */
async function listeningSessions(t: TestApp): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND query LIKE 'LISTEN%'`,
  );
  return rows[0]!.n;
}

/**
 * The store purge runs every ten minutes (China time, which shares UTC's minutes). Node's Date
 * is set (not the timers) so the schedule's next minute comes when a test wants it, or never
 * during the test; the database's clock stays real, and jobs due now run at once.
 */
const lastBoundary = () => Math.floor(Date.now() / TEN_MINUTES) * TEN_MINUTES;
const freezeDate = (at: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
};

describe('background jobs', () => {
  const apps: TestApp[] = [];
  const build = async (...args: Parameters<typeof buildTestApp>) => {
    const t = await buildTestApp(...args);
    apps.push(t);
    return t;
  };
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
    vi.useRealTimers();
  });

  it('runs no workers in tests unless asked, yet enqueues; workers stop with the app', async () => {
    const idle = await build();
    expect(idle.config.jobs.workers).toBe(false);
    await idle.app.platform.jobs.add(storePurgeJob, {}, { key: 'waiting' });
    await sleep(300);
    expect(await listeningSessions(idle)).toBe(0);
    // Nothing took it: it is still waiting to be taken back.
    expect(await idle.app.platform.jobs.remove('waiting')).toBe(true);
    expect(await idle.app.platform.jobs.remove('waiting')).toBe(false);

    const timersBefore = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const databaseUrl = await createTestDatabase();
    const working = await buildTestApp({ databaseUrl, env: WORKERS_ON });
    await until(async () => (await listeningSessions(working)) === 1);
    const probe = await buildTestApp({ databaseUrl });
    // close() ends the pool, which waits for every client: a worker still holding one would hang.
    await working.close();
    expect(await listeningSessions(probe)).toBe(0);
    await probe.close();
    expect(
      process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length,
    ).toBeLessThanOrEqual(timersBefore);
  });

  it('enqueues inside a transaction: a rolled-back job never exists', async () => {
    const t = await build();
    const { db } = t.app.platform;
    await expect(
      db.transaction(async (tx) => {
        await t.app.platform.jobs.add(storePurgeJob, {}, { key: 'rolled-back', tx });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await t.app.platform.jobs.remove('rolled-back')).toBe(false);

    await db.transaction(async (tx) => {
      await t.app.platform.jobs.add(storePurgeJob, {}, { key: 'committed', tx });
    });
    expect(await t.app.platform.jobs.remove('committed')).toBe(true);
  });

  it('refuses a job no module handles, and a payload its schema refuses', async () => {
    const t = await build();
    const orphan = defineJob('nobody.handles', z.object({}));
    await expect(t.app.platform.jobs.add(orphan, {})).rejects.toThrow('has no handler');
    const count = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM graphile_worker.jobs`,
    );
    expect(count.rows[0]!.n).toBe(0);
    expect(() => defineJob('Not a name', z.object({}))).toThrow();
  });

  it('runs a scheduled job exactly once across two instances sharing the database', async () => {
    const due = lastBoundary();
    // Two seconds before a purge is due, for both instances.
    freezeDate(due - 2_000);
    const databaseUrl = await createTestDatabase();
    const clock = createTestClock();
    const first = countingStore();
    const second = countingStore();
    const a = await build({ databaseUrl, clock, env: WORKERS_ON, wrapStore: first.wrap });
    const b = await build({ databaseUrl, clock, env: WORKERS_ON, wrapStore: second.wrap });
    await expiredAndLive(a);
    vi.setSystemTime(due + 1_000);
    const dueAt = performance.now();

    const total = () => first.calls.length + second.calls.length;
    await until(() => total() >= 1);
    // Both instances' timers have fired (each waits at most ~2 s) and a second job would run
    // at once: there is none.
    await until(() => performance.now() - dueAt > 3_000);
    await sleep(500);
    expect(total()).toBe(1);
    expect(await storeKeys(b)).toEqual(['jobs:live']);
  });

  it('runs a job enqueued before a restart after it, once per key', async () => {
    freezeDate(lastBoundary() - TEN_MINUTES / 2); // no scheduled purge during this test
    const databaseUrl = await createTestDatabase();
    const clock = createTestClock();
    const before = await buildTestApp({ databaseUrl, clock });
    await expiredAndLive(before);
    await before.app.platform.jobs.add(storePurgeJob, {}, { key: 'purge-now' });
    await before.app.platform.jobs.add(storePurgeJob, {}, { key: 'purge-now' });
    await before.close();

    const counting = countingStore();
    const after = await build({ databaseUrl, clock, env: WORKERS_ON, wrapStore: counting.wrap });
    await until(() => counting.calls.length >= 1);
    await sleep(500);
    expect(counting.calls).toEqual(['purged']);
    expect(await storeKeys(after)).toEqual(['jobs:live']);
  });

  it('takes back at start the jobs a killed instance left locked (its pool holds no liveness lock)', async () => {
    freezeDate(lastBoundary() - TEN_MINUTES / 2);
    const databaseUrl = await createTestDatabase();
    const clock = createTestClock();
    const before = await buildTestApp({ databaseUrl, clock });
    await expiredAndLive(before);
    await before.app.platform.jobs.add(storePurgeJob, {}, { key: 'taken-by-the-dead' });
    // As a SIGKILLed instance leaves it: locked by its pool a minute ago, the try counted.
    await before.database.pool.query(
      `UPDATE graphile_worker._private_jobs
       SET locked_by = 'pool-killed000000000000', locked_at = now() - interval '1 minute', attempts = 1
       WHERE key = 'taken-by-the-dead'`,
    );
    await before.close();

    const counting = countingStore();
    const after = await build({ databaseUrl, clock, env: WORKERS_ON, wrapStore: counting.wrap });
    await until(() => counting.calls.length >= 1);
    expect(counting.calls).toEqual(['purged']);
    expect(await storeKeys(after)).toEqual(['jobs:live']);
    await until(async () => !(await after.app.platform.jobs.remove('taken-by-the-dead')));
  });

  it('leaves a running instance’s locked jobs alone', async () => {
    freezeDate(lastBoundary() - TEN_MINUTES / 2);
    const databaseUrl = await createTestDatabase();
    const clock = createTestClock();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = (store: EphemeralStore): EphemeralStore => ({
      ...store,
      async purgeExpired() {
        calls.push('a');
        await gate;
        return store.purgeExpired();
      },
    });
    const calls: string[] = [];
    const a = await build({ databaseUrl, clock, env: WORKERS_ON, wrapStore: slow });
    await expiredAndLive(a);
    await a.app.platform.jobs.add(storePurgeJob, {}, { key: 'slow' });
    await until(() => calls.length === 1);
    const lockedBy = async () =>
      (
        await a.database.pool.query<{ locked_by: string | null }>(
          "SELECT locked_by FROM graphile_worker.jobs WHERE key = 'slow'",
        )
      ).rows[0]?.locked_by;
    const owner = await lockedBy();
    expect(owner).toMatch(/^pool-/);
    // Past the grace a fresh lock gets, a second instance starts and looks for orphans.
    await sleep(2_500);
    const counting = countingStore();
    await build({ databaseUrl, clock, env: WORKERS_ON, wrapStore: counting.wrap });
    await sleep(1_000);
    expect(await lockedBy()).toBe(owner);
    expect(counting.calls).toEqual([]);
    release();
    await until(async () => (await lockedBy()) === undefined);
    expect(calls).toEqual(['a']);
    expect(counting.calls).toEqual([]);
  });

  it('tries a failing job again', async () => {
    freezeDate(lastBoundary() - TEN_MINUTES / 2);
    const counting = countingStore({ failFirst: true });
    const t = await build({ env: WORKERS_ON, wrapStore: counting.wrap });
    await expiredAndLive(t);
    await t.app.platform.jobs.add(storePurgeJob, {});
    await until(() => counting.calls.length >= 1);
    expect(await storeKeys(t)).toEqual(['jobs:live', 'jobs:old-1', 'jobs:old-2']);
    // graphile-worker waits e^1 ≈ 2.7 s before the second try.
    await until(() => counting.calls.length >= 2);
    expect(counting.calls).toEqual(['failed', 'purged']);
    expect(await storeKeys(t)).toEqual(['jobs:live']);
  });
});
