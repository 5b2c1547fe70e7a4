import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';

/**
 * Repositories name their own tables in each query (`db.select().from(orders)`), so the client
 * carries no schema object and db/ imports no module's tables (decision 0039).
 */
export type Db = NodePgDatabase;

export interface Database {
  db: Db;
  pool: pg.Pool;
}

export interface DatabaseOptions {
  max?: number;
  /** Where idle-client errors go (a dropped connection must not crash the process). */
  onError?: (error: Error) => void;
}

export function createDatabase(connectionString: string, options: DatabaseOptions = {}): Database {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  pool.on('error', (error) => {
    if (options.onError) options.onError(error);
    else console.error('PostgreSQL pool error', error);
  });
  return { db: drizzle(pool), pool };
}

/** An open transaction: what a staff write runs in, with its audit row. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either: repositories whose writes may join a caller's transaction take this. */
export type Executor = Db | Tx;
