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

  /** Adds one to a live counter (a fresh one after expiry); `durable`: the commit waits for the disk. */
  async function increment(key: string, ttlMs: number, durable: boolean): Promise<number> {
    const at = now();
    const values = durable
      ? sql`VALUES (${key}, '1', ${expiry(ttlMs)})`
      : sql`SELECT ${key}, '1', ${expiry(ttlMs)}::timestamptz
            FROM (SELECT set_config('synchronous_commit', 'off', true)) AS unhurried`;
    const result = await db.execute<Row>(sql`
      INSERT INTO ephemeral_store (key, value, expires_at) ${values}
      ON CONFLICT (key) DO UPDATE SET
        value = CASE WHEN ephemeral_store.expires_at <= ${at} THEN '1'
                     ELSE (ephemeral_store.value::bigint + 1)::text END,
        expires_at = CASE WHEN ephemeral_store.expires_at <= ${at} THEN excluded.expires_at
                          ELSE ephemeral_store.expires_at END
      RETURNING value`);
    return Number(result.rows[0]?.value);
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

    incr: (key, ttlMs) => increment(key, ttlMs, true),

    // The statement turns synchronous_commit off for its own transaction (set_config's `true`):
    // the counter is as atomic, and its commit does not wait for the disk.
    count: (key, ttlMs) => increment(key, ttlMs, false),

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
