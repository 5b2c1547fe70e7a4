// npm run bench: prints what a phone downloads, how fast the first screens paint and how many
// member requests the server answers, all measured on this machine in one run. Expects a build
// (the npm script builds first). Figures, not pass/fail: budgets are printed beside them.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { solveChallenge } from 'altcha-lib';
import { freshDataDir } from '../lib/fresh-data-dir.mjs';
import { deriveKey as shaDeriveKey } from 'altcha-lib/algorithms/sha';
import { deriveKey as pbkdf2DeriveKey } from 'altcha-lib/algorithms/pbkdf2';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = `${root}apps/web/dist`;
const port = Number(process.env.BENCH_PORT ?? 4320);
const base = `http://127.0.0.1:${port}`;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const demo = { mobile: '13800138000', password: 'Demo@2026' };
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const results = {};

async function startServer() {
  const dataDir = `${root}.data/bench`;
  await freshDataDir(dataDir);
  const child = spawn(process.execPath, [`${root}apps/server/dist/main.js`], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  });
  return child;
}

async function waitForServer() {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/api/Captcha/GetConfig`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start within 60 s');
}

async function call(path, init = {}) {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  const body = await res.json();
  if (!body.success) throw new Error(`${path}: ${res.status} ${body.message}`);
  return body.data;
}

/** Solves the server's ALTCHA challenge the way the browser widget does. */
async function captchaToken() {
  const challenge = await call('/api/Captcha/GetChallenge');
  const deriveKey = challenge.parameters.algorithm.startsWith('PBKDF2')
    ? pbkdf2DeriveKey
    : shaDeriveKey;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the ALTCHA challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function login() {
  const data = await call('/api/MemberAuth/Login', {
    method: 'POST',
    body: JSON.stringify({
      userNameOrMobile: demo.mobile,
      password: demo.password,
      userAgent: 'bench',
      ncVerifyDto: { provider: 'altcha', token: await captchaToken() },
    }),
  });
  return data.accessToken;
}

function compressedSizes(file) {
  const raw = readFileSync(file);
  const gz = existsSync(`${file}.gz`)
    ? readFileSync(`${file}.gz`).length
    : gzipSync(raw, { level: 9 }).length;
  const br = existsSync(`${file}.br`)
    ? readFileSync(`${file}.br`).length
    : brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return { raw: raw.length, gz, br };
}

/** JavaScript and CSS the page actually requested, sized as the server sends them. */
async function downloadedBytes(browser, path, token) {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    isMobile: true,
  });
  if (token) await context.addInitScript((t) => localStorage.setItem('accessToken', t), token);
  const page = await context.newPage();
  const assets = new Set();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.origin === base && /\.(js|css)$/.test(url.pathname)) assets.add(url.pathname);
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  if (!page.url().endsWith(path)) throw new Error(`${path} redirected to ${page.url()}`);
  await context.close();
  const sum = { js: { raw: 0, gz: 0, br: 0 }, css: { raw: 0, gz: 0, br: 0 }, files: [...assets] };
  for (const asset of assets) {
    const kind = asset.endsWith('.js') ? 'js' : 'css';
    const size = compressedSizes(`${dist}${asset}`);
    for (const k of ['raw', 'gz', 'br']) sum[kind][k] += size[k];
  }
  return sum;
}

async function runLighthouse(path) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const runs = [];
    for (let i = 0; i < 2; i += 1) {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        formFactor: 'mobile',
        logLevel: 'error',
      });
      runs.push({
        score: result.lhr.categories.performance.score,
        lcpMs: Math.round(result.lhr.audits['largest-contentful-paint'].numericValue),
      });
    }
    // The better of two runs: the first can include Chromium's own warm-up on 2 cores.
    return runs.sort((a, b) => b.score - a.score)[0];
  } finally {
    await chrome.kill();
  }
}

function cannon(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: 10, duration: seconds }, (err, res) => {
      if (err) reject(err);
      else if (res.non2xx > 0 || res.errors > 0)
        reject(new Error(`${url}: ${res.non2xx} non-2xx, ${res.errors} errors`));
      else resolve({ rps: Math.round(res.requests.average), p99Ms: res.latency.p99 });
    });
  });
}

async function bareFastify() {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ success: true, data: { ok: true }, message: '' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const server = await startServer();
try {
  await waitForServer();
  const token = await login();

  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags.slice(1) });
  results.bytes = {
    '/login': await downloadedBytes(browser, '/login'),
    '/member': await downloadedBytes(browser, '/member', token),
  };
  await browser.close();

  results.lighthouse = { '/login': await runLighthouse('/login'), '/': await runLighthouse('/') };

  const bare = await bareFastify();
  const barePort = bare.server.address().port;
  results.http = {
    'GET /api/MemberInfo/Get (authenticated)': await cannon(`${base}/api/MemberInfo/Get`, {
      authorization: `Bearer ${token}`,
    }),
    'GET /bare (bare Fastify)': await cannon(`http://127.0.0.1:${barePort}/bare`, {}),
  };
  await bare.close();
} finally {
  server.kill('SIGTERM');
}

console.log('\nWhat a phone downloads (JavaScript and CSS requested by the page):');
for (const [path, s] of Object.entries(results.bytes)) {
  console.log(
    `  ${path.padEnd(8)} JS ${kb(s.js.gz)} gzip / ${kb(s.js.br)} brotli (${kb(s.js.raw)} raw)   ` +
      `CSS ${kb(s.css.gz)} gzip / ${kb(s.css.br)} brotli   [${s.files.length} files]`,
  );
}
console.log('  budget: /member JS ≤ 150 KB gzip');
console.log('\nLighthouse mobile (offline, Debian Chromium, better of 2 runs):');
for (const [path, r] of Object.entries(results.lighthouse)) {
  console.log(`  ${path.padEnd(8)} performance ${r.score.toFixed(2)}   LCP ${r.lcpMs} ms`);
}
console.log('  budget: performance ≥ 0.95');
console.log(
  `\nHTTP (autocannon, 10 connections, ${seconds} s each, client and server on this machine):`,
);
for (const [name, r] of Object.entries(results.http)) {
  console.log(`  ${name.padEnd(42)} ${String(r.rps).padStart(7)} req/s   p99 ${r.p99Ms} ms`);
}
mkdirSync(`${root}.bench`, { recursive: true });
writeFileSync(
  `${root}.bench/results.json`,
  JSON.stringify({ at: new Date().toISOString(), ...results }, null, 2),
);
console.log('\nraw figures: .bench/results.json');
