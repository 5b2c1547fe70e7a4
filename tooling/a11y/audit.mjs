// Lighthouse's accessibility category, alone, on every route of both apps' route tables: the web
// app's public and guest screens and the quote page anonymously, its member screens as the demo
// member; the console's login without a session, its other screens as the admin. Prints each
// route's score and what failed. The bench calls auditAccessibility() for its figure; alone:
//
//   npm run build && node tooling/a11y/audit.mjs          (starts the built server, port 4330)
//   A11Y_BASE=http://127.0.0.1:3000 node tooling/a11y/audit.mjs     (a server already running)
//   node tooling/a11y/audit.mjs /login /console/login                 (only these routes)
//
// Accessibility is checked on the rendered page (axe-core), not timed, so CPU load does not move
// it. Exits 1 when a route scores below 1.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { TOTP } from 'otpauth';
import { runnerImport } from 'vite';
import { chromeFlags, chromePath } from '../lib/chromium.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));

const demoMember = { mobile: '13800138000', password: 'Demo@2026' };
const admin = {
  userName: 'admin',
  password: 'Staff@2026',
  totp: 'PCBDEMOADMINSECRET234567ABCDEFGH',
};

async function tableRows(file) {
  const appRoot = `${root}${file.split('/src/')[0]}`;
  const { module } = await runnerImport(`${root}${file}`, {
    configFile: false,
    root: appRoot,
    logLevel: 'silent',
  });
  return Object.values(module.routeTable);
}

/**
 * Every page of both apps, as URL paths, with who opens it: `anonymous` (the web app's public
 * and guest screens, the quote page, the console's login), `member` or `staff`. Route
 * parameters take a value a page can show (`new` for an address, the member's first invoice
 * profile for an invoice, filled in once logged in).
 */
export async function allPages() {
  const web = (await tableRows('apps/web/src/app/route-table.ts')).map((row) => ({
    path: row.path,
    as: row.access === 'member' ? 'member' : 'anonymous',
  }));
  const consoleRows = await tableRows('apps/console/src/app/route-table.tsx');
  const staff = consoleRows.map((row) => ({
    path: `/console${row.path === '/' ? '/' : row.path}`,
    as: row.access === 'guest' ? 'anonymous' : 'staff',
  }));
  return [...web, { path: '/OrdersPCB', as: 'anonymous' }, ...staff];
}

/** The demo member, logged in through /login as a person does, then a quote kept for /fillOrder. */
async function logInMember(page, base) {
  await page.goto(`${base}/login`);
  await page.locator('#login-account').fill(demoMember.mobile);
  await page.locator('#login-password').fill(demoMember.password);
  const control = page.getByTestId('human-verification');
  await control.click();
  await control.and(page.locator('[data-status="verified"]')).waitFor();
  await page.getByTestId('login-submit').click();
  await page.waitForURL(/\/member$/);
  await page.goto(`${base}/OrdersPCB`);
  await page.getByTestId('quote-order').click();
  await page.waitForURL(/\/fillOrder$/);
  return page.evaluate(async () => {
    const res = await fetch('/api/MemberInvoice/GetList', {
      headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` },
    });
    return (await res.json()).data[0]?.id;
  });
}

/** The admin, logged in to the console with the second factor (each code is taken once). */
async function logInAdmin(page, base) {
  await page.goto(`${base}/console/login`);
  await page.getByLabel('用户名').fill(admin.userName);
  await page.getByLabel('密码').fill(admin.password);
  await page.getByRole('button', { name: '登录' }).click();
  const totp = new TOTP({ secret: admin.totp, digits: 6, period: 30, algorithm: 'SHA1' });
  for (const ahead of [0, 30_000, 60_000]) {
    await page.getByPlaceholder('6位数字').fill(totp.generate({ timestamp: Date.now() + ahead }));
    const answer = page.waitForResponse((r) => r.url().includes('/api/StaffAuth/VerifyTotp'));
    await page.getByRole('button', { name: '验证并登录' }).click();
    if ((await (await answer).json()).success) return;
    await page.waitForTimeout(ahead === 0 ? 0 : 30_000);
  }
  throw new Error('the admin could not log in to the console');
}

const phone = { formFactor: 'mobile' };
const desktop = {
  formFactor: 'desktop',
  screenEmulation: {
    mobile: false,
    width: 1440,
    height: 900,
    deviceScaleFactor: 1,
    disabled: false,
  },
};

/** One Lighthouse accessibility run in the browser on `port`, keeping its storage (the login). */
async function accessibility(port, url, device) {
  const { lhr } = await lighthouse(url, {
    port,
    onlyCategories: ['accessibility'],
    disableStorageReset: true,
    throttlingMethod: 'provided',
    logLevel: 'error',
    ...device,
  });
  const failed = Object.values(lhr.audits)
    .filter((audit) => audit.score === 0 && audit.scoreDisplayMode === 'binary')
    .map((audit) => ({
      id: audit.id,
      nodes: (audit.details?.items ?? [])
        .slice(0, 4)
        .map((item) => item.node?.selector ?? item.node?.snippet ?? ''),
    }));
  return {
    score: lhr.categories.accessibility.score,
    finalUrl: lhr.finalDisplayedUrl,
    failed,
    error: lhr.runtimeError?.code,
  };
}

/**
 * Lighthouse accessibility for each page (`{ path, as }`) on the server at `base`, in one
 * Chromium: anonymous pages first, then the member's and the admin's after their logins.
 * Resolves with `{ [path]: { url, score, finalUrl, failed: [{ id, nodes }] } }`.
 */
export async function auditAccessibility({ base, pages }) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const results = {};
  const audit = async (path, url = path) => {
    const device = path.startsWith('/console') ? desktop : phone;
    results[path] = { url, ...(await accessibility(chrome.port, `${base}${url}`, device)) };
  };
  try {
    for (const { path } of pages.filter((p) => p.as === 'anonymous')) await audit(path);
    const loggedIn = pages.filter((p) => p.as !== 'anonymous');
    if (loggedIn.length > 0) {
      const page = await browser.contexts()[0].newPage();
      const invoiceId = loggedIn.some((p) => p.as === 'member')
        ? await logInMember(page, base)
        : undefined;
      if (loggedIn.some((p) => p.as === 'staff')) await logInAdmin(page, base);
      await page.close();
      for (const { path } of loggedIn) {
        await audit(path, path.replace(':id', String(invoiceId)).replace(':data', 'new'));
      }
    }
  } finally {
    await browser.close().catch(() => {});
    await chrome.kill();
  }
  return results;
}

export function printAccessibility(results, goal = 1) {
  for (const [path, r] of Object.entries(results)) {
    const score = r.score === null ? `  - (${r.error ?? 'no score'})` : r.score.toFixed(2);
    const mark = r.score !== null && r.score >= goal ? 'ok' : 'MISSED';
    console.log(`  ${path.padEnd(44)} accessibility ${score}   goal ${goal.toFixed(2)}: ${mark}`);
    // A page that sent the browser elsewhere (a guard, a redirect) was not the one audited.
    if (!r.finalUrl.endsWith(r.url)) console.log(`      ended at ${r.finalUrl}`);
    for (const f of r.failed) console.log(`      ${f.id}: ${f.nodes.join(' | ')}`);
  }
}

/** The built server on a fresh embedded database (tooling/e2e/serve.mjs), ready for requests. */
async function startServer(port) {
  const server = spawn(process.execPath, [`${root}tooling/e2e/serve.mjs`], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, E2E_PORT: String(port) },
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const up = await fetch(`http://127.0.0.1:${port}/api/Captcha/GetConfig`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return server;
    await new Promise((r) => setTimeout(r, 250));
  }
  server.kill('SIGTERM');
  throw new Error('server did not start within 60 s');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.A11Y_PORT ?? 4330);
  const server = process.env.A11Y_BASE ? undefined : await startServer(port);
  const base = process.env.A11Y_BASE ?? `http://127.0.0.1:${port}`;
  try {
    const only = process.argv.slice(2);
    const pages = (await allPages()).filter((p) => only.length === 0 || only.includes(p.path));
    const results = await auditAccessibility({ base, pages });
    console.log('Lighthouse accessibility (axe-core), every route of both apps:');
    printAccessibility(results);
    process.exitCode = Object.values(results).every((r) => r.score === 1) ? 0 : 1;
  } finally {
    server?.kill('SIGTERM');
  }
}
