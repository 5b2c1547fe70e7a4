import type { FastifyBaseLogger } from 'fastify';
import { runMigrations } from 'graphile-worker';
import type pg from 'pg';
import { guardClients, JOB_SCHEMA, jobLogger } from './job-runner';

/**
 * Creates or updates graphile-worker's own schema (its tables and `add_job`), beside ours and
 * outside Drizzle's migrations. Runs at start after `migrateDatabase`, so jobs can be enqueued
 * from instances that run no workers; concurrent starts are safe (graphile-worker's own locks).
 */
export async function migrateJobs(pool: pg.Pool, log: FastifyBaseLogger): Promise<void> {
  const release = guardClients(pool, log);
  try {
    await runMigrations({ pgPool: pool, schema: JOB_SCHEMA, logger: jobLogger(log) });
  } finally {
    release();
  }
}
