import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/**
 * Jobs a killed instance was running (decision 0058). graphile-worker 0.17 locks a job with
 * the id of the worker pool that took it and unlocks it when that pool stops cleanly; after a
 * crash (SIGKILL, a lost machine) it waits 4 hours before taking it from a dead pool. The
 * SIGKILL test found payment notifies and refunds stuck behind such locks.
 *
 * So each running pool says it is alive the way PostgreSQL can see without trusting a clock:
 * a session advisory lock keyed by its pool id, held on a connection of its own for as long as
 * the pool runs. A process that dies loses its connections, and with them the lock, at once.
 * Any instance may then unlock the jobs of a pool whose lock nobody holds: every instance does
 * at start, and one a minute (a schedule).
 */

/** The advisory lock namespace of pool liveness (two-int form, apart from single-key locks). */
export const POOL_LOCK_CLASS = 0x6a6f6273;
/**
 * A lock this fresh is left alone: a pool takes its liveness lock within milliseconds of being
 * created, and a job it locks meanwhile must not look orphaned.
 */
const GRACE = '2 seconds';
const RECONNECT_MS = 1_000;

export interface PoolLiveness {
  /** Holds the liveness lock of this pool id from now on. */
  claim(poolId: string): Promise<void>;
  /** Lets go (a clean stop, after the pool has unlocked its jobs). */
  end(): Promise<void>;
}

/**
 * A connection of its own (the pool's settings, outside the pool: a pool as small as the
 * reconciliation tool's two must not lose one for good), holding the liveness lock of each
 * pool id claimed; when the connection fails it is opened again and the locks taken again.
 */
export function holdPoolLiveness(pool: pg.Pool, log: FastifyBaseLogger): PoolLiveness {
  // pg keeps the settings a pool was made with (not in its types): every client gets them.
  const settings = (pool as unknown as { options: pg.ClientConfig }).options;
  const claimed: string[] = [];
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let ended = false;

  const lock = (c: pg.Client, poolId: string) =>
    c.query('SELECT pg_advisory_lock($1, hashtext($2))', [POOL_LOCK_CLASS, poolId]);

  async function open(): Promise<void> {
    const c = new pg.Client(settings);
    c.on('error', (err) => {
      log.warn({ err }, 'job runner: the liveness connection failed; opening it again');
      if (client !== c) return;
      client = null;
      void c.end().catch(() => undefined);
      void reopen();
    });
    try {
      await c.connect();
      for (const poolId of claimed) await lock(c, poolId);
    } catch (error) {
      await c.end().catch(() => undefined);
      throw error;
    }
    client = c;
  }

  async function reopen(): Promise<void> {
    while (!ended && !client) {
      try {
        connecting = open();
        await connecting;
      } catch (err) {
        log.warn({ err }, 'job runner: the liveness connection could not be opened');
        await new Promise((r) => setTimeout(r, RECONNECT_MS));
      } finally {
        connecting = null;
      }
    }
  }

  return {
    async claim(poolId) {
      claimed.push(poolId);
      if (connecting) await connecting.catch(() => undefined);
      if (!client) await open();
      else await lock(client, poolId);
    },
    async end() {
      ended = true;
      await connecting?.catch(() => undefined);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}

/**
 * Unlocks the jobs of every pool that holds no liveness lock (its instance is gone); the ids
 * of those pools. Jobs of a running pool are never touched: its lock is held by its own
 * connection, so this session cannot take it.
 */
export async function unlockOrphanedJobs(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ pools: string[] }>(
    `WITH locked AS (
       SELECT DISTINCT locked_by FROM graphile_worker.jobs
       WHERE locked_by IS NOT NULL AND locked_at < now() - interval '${GRACE}'
     ), orphaned AS MATERIALIZED (
       SELECT locked_by FROM locked WHERE pg_try_advisory_xact_lock($1, hashtext(locked_by))
     )
     SELECT array(SELECT locked_by FROM orphaned) AS pools,
       graphile_worker.force_unlock_workers(array(SELECT locked_by FROM orphaned))`,
    [POOL_LOCK_CLASS],
  );
  return rows[0]?.pools ?? [];
}
