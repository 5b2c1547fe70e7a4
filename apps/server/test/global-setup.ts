import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded-postgres';
import { migrateDatabase } from '../src/db/migrate';
import { migrateJobs } from '../src/lib/jobs/migrate-jobs';
import { databaseUrl } from './database-url';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { adminUrl: string; template: string; prefix: string };
  }
}

/**
 * Starts one PostgreSQL for the whole run, or uses TEST_DATABASE_URL (an external server, as
 * CI's second run does), and migrates a template database once.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let tempDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    tempDir = mkdtempSync(path.join(os.tmpdir(), 'pcb-test-pg-'));
    // mkdtemp makes the folder private; the postgres user must be able to enter it.
    chmodSync(tempDir, 0o755);
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(tempDir, 'pg'),
      // A throwaway cluster: durability is not needed and only slows the suite.
      postgresFlags: [
        '-c',
        'fsync=off',
        '-c',
        'synchronous_commit=off',
        '-c',
        'full_page_writes=off',
      ],
    });
    adminUrl = embedded.url('postgres');
  }

  // Every database of this run shares a prefix, so teardown finds the ones a test left behind.
  const runId = randomBytes(4).toString('hex');
  const template = `tpl_${runId}`;
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const pool = new pg.Pool({ connectionString: databaseUrl(adminUrl, template), max: 1 });
  pool.on('error', () => undefined);
  try {
    await migrateDatabase(pool);
    // Apps built without workers still enqueue: the job schema is part of the template.
    await migrateJobs(pool, pino({ level: 'silent' }));
  } finally {
    // No session may stay connected to a template while it is being cloned.
    await pool.end();
  }
  project.provide('testDatabase', { adminUrl, template, prefix: `t_${runId}_` });

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE datname LIKE $1',
      [`t\\_${runId}\\_%`],
    );
    for (const { datname } of [...rows, { datname: template }]) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
    }
    await admin.end();
    await embedded?.stop();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  };
}
