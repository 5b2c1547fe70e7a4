import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { EphemeralStore } from './store';

interface Row extends Record<string, unknown> {
  value: string;
}

/**
 * The store on PostgreSQL. Expiry is compared with the injected clock rather than the
 * database's, so tests can move time; expired rows read as absent and are purged in batches.
 */
export function createPostgresStore(db: Db, now: Clock): EphemeralStore {
  const expiry = (ttlMs: number) => new Date(now().getTime() + ttlMs);

  /** Adds one to a live counter (a fresh one after expiry); the commit waits for the disk. */
  async function increment(key: string, ttlMs: number): Promise<number> {
    const at = now();
    const result = await db.execute<Row>(sql`
      INSERT INTO ephemeral_store (key, value, expires_at) VALUES (${key}, '1', ${expiry(ttlMs)})
      ON CONFLICT (key) DO UPDATE SET
        value = CASE WHEN ephemeral_store.expires_at <= ${at} THEN '1'
                     ELSE (ephemeral_store.value::bigint + 1)::text END,
        expires_at = CASE WHEN ephemeral_store.expires_at <= ${at} THEN excluded.expires_at
                          ELSE ephemeral_store.expires_at END
      RETURNING value`);
    return Number(result.rows[0]?.value);
  }

  /**
   * `count` calls of one tick go to the database as one statement: each key is added to once by
   * the number of its calls, and each call gets one of the values its key passed through, so
   * the answers are exactly those of one increment each. The statement turns synchronous_commit
   * off for its own transaction only (set_config's `true`): its commit does not wait for the disk.
   */
  type Waiting = {
    key: string;
    ttlMs: number;
    by: number;
    resolve: (n: number) => void;
    reject: (e: unknown) => void;
  };
  let batch: Waiting[] = [];
  async function flush(waiting: Waiting[]): Promise<void> {
    const at = now();
    const byKey = new Map<string, Waiting[]>();
    for (const call of waiting) {
      const calls = byKey.get(call.key);
      if (calls) calls.push(call);
      else byKey.set(call.key, [call]);
    }
    const keys = [...byKey.keys()];
    const counts = keys.map((key) => byKey.get(key)!.reduce((sum, call) => sum + call.by, 0));
    const expiries = keys.map((key) => expiry(byKey.get(key)![0]!.ttlMs).toISOString());
    try {
      const result = await db.execute<Row & { key: string }>(sql`
        INSERT INTO ephemeral_store (key, value, expires_at)
        SELECT key, n::text, expires_at
        FROM unnest(${sql.param(keys)}::text[], ${sql.param(counts)}::int[], ${sql.param(expiries)}::timestamptz[]) AS added(key, n, expires_at),
             (SELECT set_config('synchronous_commit', 'off', true)) AS unhurried
        ON CONFLICT (key) DO UPDATE SET
          value = CASE WHEN ephemeral_store.expires_at <= ${at} THEN excluded.value
                       ELSE (ephemeral_store.value::bigint + excluded.value::bigint)::text END,
          expires_at = CASE WHEN ephemeral_store.expires_at <= ${at} THEN excluded.expires_at
                            ELSE ephemeral_store.expires_at END
        RETURNING key, value`);
      for (const row of result.rows) {
        // The key went up by the sum of its calls: each call's total is where its part ends.
        const calls = byKey.get(row.key)!;
        let total = Number(row.value) - calls.reduce((sum, call) => sum + call.by, 0);
        for (const call of calls) {
          total += call.by;
          call.resolve(total);
        }
      }
    } catch (error) {
      for (const call of waiting) call.reject(error);
    }
  }
  function count(key: string, ttlMs: number, by = 1): Promise<number> {
    return new Promise((resolve, reject) => {
      if (batch.length === 0) {
        setImmediate(() => {
          const waiting = batch;
          batch = [];
          void flush(waiting);
        });
      }
      batch.push({ key, ttlMs, by, resolve, reject });
    });
  }

  return {
    async get(key) {
      const result = await db.execute<Row>(
        sql`SELECT value FROM ephemeral_store WHERE key = ${key} AND expires_at > ${now()}`,
      );
      return result.rows[0]?.value ?? null;
    },

    async set(key, value, ttlMs) {
      await db.execute(sql`
        INSERT INTO ephemeral_store (key, value, expires_at) VALUES (${key}, ${value}, ${expiry(ttlMs)})
        ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`);
    },

    async setIfAbsent(key, value, ttlMs) {
      // The conflicting row is locked by the upsert, so two callers cannot both win.
      const result = await db.execute(sql`
        INSERT INTO ephemeral_store (key, value, expires_at) VALUES (${key}, ${value}, ${expiry(ttlMs)})
        ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at
          WHERE ephemeral_store.expires_at <= ${now()}
        RETURNING key`);
      return result.rows.length === 1;
    },

    incr: increment,
    count,

    async decr(key) {
      await db.execute(sql`
        UPDATE ephemeral_store SET value = (value::bigint - 1)::text
        WHERE key = ${key} AND expires_at > ${now()} AND value::bigint > 0`);
    },

    async take(key) {
      const result = await db.execute<Row & { live: boolean }>(sql`
        DELETE FROM ephemeral_store WHERE key = ${key}
        RETURNING value, expires_at > ${now()} AS live`);
      const row = result.rows[0];
      return row?.live ? row.value : null;
    },

    async delete(key) {
      await db.execute(sql`DELETE FROM ephemeral_store WHERE key = ${key}`);
    },

    async purgeExpired() {
      const result = await db.execute(
        sql`DELETE FROM ephemeral_store WHERE expires_at <= ${now()}`,
      );
      return result.rowCount ?? 0;
    },

    async close() {
      // The pool belongs to whoever created the database connection.
    },
  };
}
