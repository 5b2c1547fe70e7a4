// Starts the built server for the browser tests on a fresh embedded database.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freshDataDir } from '../lib/fresh-data-dir.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
// One folder per port, so two browser-test servers on one machine never share a database.
const dataDir = `${root}.data/e2e-${process.env.E2E_PORT ?? '4310'}`;
await freshDataDir(dataDir);

const server = spawn(process.execPath, [`${root}apps/server/dist/main.js`], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: process.env.E2E_PORT ?? '4310',
    HOST: process.env.E2E_HOST ?? '127.0.0.1',
    LOG_LEVEL: 'warn',
    // Several tests text one mobile within a minute; the 60-second rule has its own server tests.
    SMS_RESEND_INTERVAL_SECONDS: '1',
    // Every member of every spec registers from 127.0.0.1; the per-address daily budget has its
    // own server tests.
    SMS_IP_DAILY_LIMIT: '1000',
    DATABASE_URL: '',
    REDIS_URL: '',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
