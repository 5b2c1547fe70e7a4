import { spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../lib/paths';
import { startEmbeddedPostgres } from './embedded-postgres';

const root = mkdtempSync(path.join(os.tmpdir(), 'pcb-embedded-pg-'));
chmodSync(root, 0o755);
const dataDir = path.join(root, 'pg');
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function query(url: string, sql: string) {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query(sql)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

const alive = (pid: number) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/\) Z /.test(stat);
  } catch {
    return false;
  }
};

describe('embedded PostgreSQL', { timeout: 60_000 }, () => {
  it('initialises once, keeps data across restarts, listens on loopback only', async () => {
    const first = await startEmbeddedPostgres({ dataDir });
    expect(first.port).not.toBe(5432);
    await query(first.url(), 'CREATE TABLE kept (v text); INSERT INTO kept VALUES ($$会员$$)');
    expect(await query(first.url(), 'SHOW listen_addresses')).toEqual([
      { listen_addresses: '127.0.0.1' },
    ]);
    expect(await query(first.url(), 'SHOW server_encoding')).toEqual([{ server_encoding: 'UTF8' }]);
    await first.stop();

    const second = await startEmbeddedPostgres({ dataDir });
    expect(await query(second.url(), 'SELECT v FROM kept')).toEqual([{ v: '会员' }]);
    await second.stop();
  });

  it('stops its own orphaned postmaster after Node was killed with SIGKILL', async () => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(serverRoot(), 'test/fixtures/hold-embedded-postgres.ts'),
        dataDir,
      ],
      { cwd: serverRoot(), stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('ready')) resolve();
      });
      child.on('exit', (code) => reject(new Error(`fixture exited with ${String(code)}`)));
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const orphan = Number(
      readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    expect(alive(orphan)).toBe(true);

    const restarted = await startEmbeddedPostgres({ dataDir });
    expect(alive(orphan)).toBe(false);
    expect(await query(restarted.url(), 'SELECT v FROM kept')).toEqual([{ v: '会员' }]);
    await restarted.stop();
  });

  it('forgets a lock file whose PID now belongs to another program', async () => {
    const pidFile = path.join(dataDir, 'postmaster.pid');
    // This test runner's own PID: alive, but not a postmaster of this folder.
    writeFileSync(pidFile, `${process.pid}\n${dataDir}\n`);
    const started = await startEmbeddedPostgres({ dataDir });
    expect(await query(started.url(), 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    await started.stop();
    expect(existsSync(pidFile)).toBe(false);
  });

  it('clears an interrupted initdb and reports a failed start with PostgreSQL’s words', async () => {
    const other = path.join(root, 'other');
    mkdirSync(`${other}.init-deadbeef`, { recursive: true });
    writeFileSync(`${other}.init-deadbeef/PG_VERSION`, 'half-written');
    await expect(
      startEmbeddedPostgres({ dataDir: other, postgresFlags: ['-c', 'shared_buffers=lots'] }),
    ).rejects.toThrow(/shared_buffers/);
    expect(existsSync(`${other}.init-deadbeef`)).toBe(false);
    expect(existsSync(path.join(other, 'PG_VERSION'))).toBe(true);
  });
});

describe.runIf(process.getuid?.() === 0)('as root', { timeout: 60_000 }, () => {
  it('opens a private parent folder for traversal by the postgres user', async () => {
    const privateDir = path.join(root, 'private');
    mkdirSync(privateDir, { mode: 0o700 });
    chmodSync(privateDir, 0o700);
    const started = await startEmbeddedPostgres({ dataDir: path.join(privateDir, 'nested', 'pg') });
    try {
      expect(await query(started.url(), 'SELECT 1 AS ok')).toEqual([{ ok: 1 }]);
    } finally {
      await started.stop();
    }
    expect(statSync(privateDir).mode & 0o777).toBe(0o701);
  });
});
