// JS a phone downloads to show each screen: the entry chunk, the screen's lazy route chunk,
// and everything they import statically (from the Vite manifest), measured gzip -9.
// Chunks loaded later on demand (toasts, popups, the ALTCHA solver) are listed apart.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));
const budgets = { '/member': 150 * 1024 };
const routes = {
  '/': 'src/app/routes/home-route.tsx',
  '/login': 'src/app/routes/login-route.tsx',
  '/note': 'src/app/routes/sms-login-route.tsx',
  '/register': 'src/app/routes/register-route.tsx',
  '/forgetPwd': 'src/app/routes/forget-password-route.tsx',
  '/associatedAccount': 'src/app/routes/associated-account-route.tsx',
  '/bind': 'src/app/routes/bind-route.tsx',
  '/member': 'src/app/routes/member-route.tsx',
  '/setting': 'src/app/routes/setting-route.tsx',
  '/accountSecurity': 'src/app/routes/account-security-route.tsx',
  '…/bindWechat': 'src/app/routes/bind-wechat-route.tsx',
  '…/payThePassword': 'src/app/routes/payment-password-route.tsx',
  '…/setLoginPassword': 'src/app/routes/login-password-route.tsx',
  '/userInfo/editPhone': 'src/app/routes/edit-phone-route.tsx',
};

const gzipOf = (file) => gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length;

function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) staticClosure(dep, seen);
  return seen;
}

/** Chunks the screen imports on demand, each with what it adds beyond the screen's own. */
function lazyOf(keys) {
  const lazy = new Set();
  for (const key of keys) for (const dep of manifest[key]?.dynamicImports ?? []) lazy.add(dep);
  return [...lazy]
    .filter((k) => !keys.has(k) && !Object.values(routes).includes(k))
    .map((k) => {
      const added = [...staticClosure(k)].filter((c) => !keys.has(c));
      return {
        file: manifest[k].file,
        bytes: added.reduce((s, c) => s + gzipOf(manifest[c].file), 0),
      };
    });
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
let failed = false;
for (const [path, source] of Object.entries(routes)) {
  const keys = staticClosure(source, staticClosure(entry));
  const total = [...keys].reduce((sum, k) => sum + gzipOf(manifest[k].file), 0);
  const later = lazyOf(keys).map(
    ({ file, bytes }) => `${file.replace('assets/', '')} +${kb(bytes)}`,
  );
  const budget = budgets[path];
  const over = budget !== undefined && total > budget;
  failed ||= over;
  console.log(
    `${path.padEnd(20)} ${kb(total).padStart(9)} gzip JS${budget ? ` (budget ${kb(budget)}${over ? ', OVER' : ''})` : ''}`,
  );
  if (later.length) console.log(`${' '.repeat(21)}on demand: ${later.join(', ')}`);
}
if (failed) process.exitCode = 1;
