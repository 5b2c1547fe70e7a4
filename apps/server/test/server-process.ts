import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { serverRoot } from '../src/lib/paths';

/**
 * The server as `npm start` runs it, in a process of its own: the esbuild bundle of
 * src/main.ts (build.mjs) started with `node`, so a test can kill it with SIGKILL and start it
 * again on the same database. The bundle is built once into a folder of the test's own (under
 * apps/server, where it finds node_modules and the server's files), never into dist/.
 */
export async function buildServerBundle(name: string): Promise<string> {
  const outdir = path.join(serverRoot(), 'node_modules', '.cache', name);
  mkdirSync(outdir, { recursive: true });
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['build.mjs', `--outdir=${outdir}`], {
      cwd: serverRoot(),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString('utf8');
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`build.mjs exited with ${code}: ${errors}`)),
    );
  });
  return outdir;
}

/** A port nobody listens on now (the kernel's choice), for a server started later. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address !== 'object') throw new Error('no free port');
  return address.port;
}

export interface ServerProcess {
  base: string;
  /** Starts the server and resolves once it answers; how long that took, in ms. */
  start(): Promise<number>;
  /** SIGKILL, and the process reaped. */
  kill(): Promise<void>;
  /** SIGTERM (a clean stop), when running. */
  stop(): Promise<void>;
  /** The last lines the server wrote, for a failure's message. */
  logTail(lines?: number): string;
  /** Every line the server logged at level error or above, over all its starts. */
  logErrors(): string;
  readonly pid: number | undefined;
}

/**
 * One server (the bundle in `bundleDir`) on `port` with `env` added to this process's own,
 * less NODE_ENV and LOG_LEVEL (as `npm start` runs it: development, `info`). Its output goes to
 * `logFile`, appended across starts.
 */
export function serverProcess(options: {
  bundleDir: string;
  port: number;
  env: Record<string, string>;
  logFile: string;
  startTimeoutMs?: number;
}): ServerProcess {
  const base = `http://127.0.0.1:${options.port}`;
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();

  const { NODE_ENV: _nodeEnv, LOG_LEVEL: _logLevel, ...inherited } = process.env;

  async function answers(): Promise<boolean> {
    try {
      const res = await fetch(`${base}/api/Captcha/GetConfig`, {
        signal: AbortSignal.timeout(2_000),
      });
      return res.ok;
    } catch {
      return false;
    }
  }

  return {
    base,
    get pid() {
      return child?.pid;
    },

    async start() {
      if (child) throw new Error('the server is running');
      const started = performance.now();
      const out = openSync(options.logFile, 'a');
      const proc = spawn(process.execPath, [path.join(options.bundleDir, 'main.js')], {
        cwd: serverRoot(),
        stdio: ['ignore', out, out],
        env: {
          ...inherited,
          HOST: '127.0.0.1',
          PORT: String(options.port),
          ...options.env,
        },
      });
      closeSync(out);
      child = proc;
      let gone = false;
      exited = new Promise((resolve) =>
        proc.once('exit', () => {
          gone = true;
          resolve();
        }),
      );
      const deadline = Date.now() + (options.startTimeoutMs ?? 120_000);
      while (!(await answers())) {
        if (gone) {
          child = null;
          throw new Error(`the server exited while starting:\n${this.logTail()}`);
        }
        if (Date.now() > deadline) throw new Error(`the server did not start:\n${this.logTail()}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return performance.now() - started;
    },

    async kill() {
      if (!child) return;
      child.kill('SIGKILL');
      await exited;
      child = null;
    },

    async stop() {
      if (!child) return;
      child.kill('SIGTERM');
      await exited;
      child = null;
    },

    logErrors() {
      try {
        return readFileSync(options.logFile, 'utf8')
          .split('\n')
          .filter((line) => /"level":(50|60)\b/.test(line))
          .join('\n');
      } catch {
        return '(no log)';
      }
    },

    logTail(lines = 40) {
      try {
        return readFileSync(options.logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
      } catch {
        return '(no log)';
      }
    },
  };
}
