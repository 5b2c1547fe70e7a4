import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { readLazyScreens, routeTable } from './scripts/route-table-plugin.mjs';
import { serverOnlyTexts } from './scripts/server-only-texts.mjs';

// The API server of apps/server; override to point the dev server at another backend.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

// Mirrors the policy the server sends, so `vite preview` catches anything that would break in
// production (inline scripts, foreign hosts). The dev server cannot use it: React refresh
// injects an inline preamble.
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "img-src 'self' data: blob:",
].join('; ');

// The Host header is kept: the server builds WeChat OAuth and upload URLs for the origin the
// browser is on, and accepts OAuth redirects back to that origin only.
const proxy = {
  '/api': { target: apiTarget, changeOrigin: false },
  '/avatars': { target: apiTarget, changeOrigin: false },
  // The WeChat and object-storage sandboxes the server plays in development.
  '/sandbox': { target: apiTarget, changeOrigin: false },
};

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The sign-in screens' own small modules (/login, /note, /register, /forgetPwd, /bind), a few
 * hundred bytes each. Left alone, each set of screens sharing some of them got a chunk: /login
 * loaded 22 files, 9 of them under 1 KB; with this group, 15 (decision 0012).
 */
const signInModules = [
  'features/auth/components/auth-hero',
  'features/auth/components/account-password-fields',
  'features/auth/components/wechat-login-entry',
  'features/auth/components/login-links',
  'features/auth/account-password-schema',
  'features/auth/continue-after-login',
  'components/mobile-field',
  'components/password-input',
  'components/captcha/human-verification',
  'components/form/form-schema',
  'components/form/text-field',
  'lib/use-countdown',
];

/** Matches the app's own modules (under src/) by path without extension; each must exist. */
function modulesNamed(names: readonly string[]): RegExp {
  for (const name of names) {
    if (!['.ts', '.tsx'].some((ext) => existsSync(path.join(root, 'src', `${name}${ext}`)))) {
      throw new Error(
        `vite.config.ts: src/${name}.ts(x) does not exist (renamed? update the list)`,
      );
    }
  }
  const alternatives = names.map((name) => name.split('/').join('[\\\\/]'));
  return new RegExp(`[\\\\/]src[\\\\/](${alternatives.join('|')})\\.tsx?$`);
}

/**
 * Chunk groups (docs/decisions/0012-page-loading.md). Left alone, Rolldown gives every set of
 * screens that shares a module a chunk of its own: 26 JS files for /login, most under 1 KB, and
 * on HTTP/1.1 each one is a request. Two groups replace most of them, and every screen
 * downloads fewer bytes than before (a file's gzip overhead and import lists go away):
 * - react and framework: the libraries every screen runs (React; the router, TanStack Query,
 *   zod), React apart because the quote page (orders-pcb.html) runs it alone;
 * - shared: the modules most screens load (antd-mobile's base, the API client, the contract).
 *   Without their dependencies: antd-mobile's barrel file would otherwise pull in every
 *   component any chunk uses, the popups of the feedback chunk included (+30 KB per screen).
 * The shared group takes modules half the screens load: at 80%, once the quote page's entry
 * shared React and /fillOrder arrived, /login needed 26 files (22 at 70%). With the order and
 * message screens (decision 0046) 70% splits the API client's neighbours (member info, return
 * paths) into chunks of their own: /member 149.7 KB, /fillOrder 170.4 KB (over its budget); at
 * 62% 149.3 and 169.5. The credit and coupon screens (decisions 0059, 0061) took the session
 * and member-info contract parts under 62% (+0.6 KB a screen in three chunks of their own): 55%
 * keeps them shared (/TheOrders 151.5 → 150.9 KB; at 50% 152.5). The invoicing centre's screens
 * and the order's 支付记录 (issues 21, 22) took /fillOrder to 170.3 KB and the order screens over
 * theirs at 55%: 50%, with the price engine's modules kept out of the group (the quote page must
 * not load it), gives /member 148.9, /fillOrder 169.6, /TheOrders 151.7. The news screens (issue
 * 23) took the count from 53 to 55 screens and the threshold from 27 to 28, which dropped the
 * session module out of the group (+0.5 KB on the order screens): 49% kept it at 27. The grade,
 * points and news screens took the count to 59: at 49% /member 150.1, /fillOrder 170.8,
 * /TheOrders 152.8 KB; 42% gives 149.5, 170.2 and 152.2 (45%: 149.5, 170.3, 152.2; 38%: 150.9,
 * 171.8, 153.7), still 0.2–0.4 KB over the order screens' and /fillOrder's budgets; the lazy
 * chunks' preload lists without the entry's chunks take 0.1–0.2 KB off (149.3, 170.1, 152.1;
 * the same at 40% and 44%): the route table grows the entry by ~65 bytes a screen. Lower still, a form module
 * most sign-in screens load joins the shared chunk (+17 KB on every screen). More groups cost
 * /member its budget; `npm run size -w @pcb/web` shows each screen's files and bytes and fails
 * on a cycle between chunks. The sign-in group
 * above merges the sign-in screens' small modules.
 */
/** The chunks index.html's entry imports statically (checked by `npm run size`). */
const ENTRY_CHUNK =
  /^assets\/(rolldown-runtime|react|framework|shared|paths|return-path|icons)-[\w-]+\.js$/;

const codeSplitting = {
  groups: [
    {
      // React alone, so the quote page (orders-pcb.html) loads it without the member app's
      // router, queries and zod.
      name: 'react',
      test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|@oxc-project/,
      priority: 11,
    },
    {
      name: 'framework',
      // Lists a page at a time and several queries at once are for a few screens: their
      // observers go with those screens, not with every page.
      test: (id: string) =>
        /node_modules[\\/](react-router|@tanstack|zod|zustand|tslib|classnames)[\\/]/.test(id) &&
        !/[\\/](useInfiniteQuery|useQueries|infiniteQueryObserver|queriesObserver|infiniteQueryBehavior)\.js$/.test(
          id,
        ),
      priority: 10,
    },
    {
      name: 'sign-in',
      test: modulesNamed(signInModules),
      priority: 5,
      includeDependenciesRecursively: false,
    },
    {
      name: 'shared',
      // Not the price engine's modules: the quote page (orders-pcb.html) loads them, and one of
      // them in this group took the group, and through it the framework chunk, into that page
      // (154.8 KB instead of 95 KB at 50%).
      test: (id: string) => !/[\\/]packages[\\/]pricing[\\/]/.test(id),
      minShareCount: Math.ceil(readLazyScreens(root).size * 0.42),
      includeDependenciesRecursively: false,
    },
  ],
};

export default defineConfig({
  plugins: [react(), routeTable(), serverOnlyTexts()],
  resolve: {
    alias: [
      {
        // Dead code once src/app/antd-react19.ts installs the React 19 renderer.
        find: /^rc-util\/lib\/React\/render$/,
        replacement: fileURLToPath(new URL('src/app/legacy-render-stub.ts', import.meta.url)),
      },
      {
        // Read only in development builds (antd-mobile's React 19 warning): src/app/rc-warning-stub.ts.
        find: /^rc-util\/lib\/warning$/,
        replacement: fileURLToPath(new URL('src/app/rc-warning-stub.ts', import.meta.url)),
      },
    ],
  },
  server: { proxy },
  preview: { proxy, headers: { 'Content-Security-Policy': contentSecurityPolicy } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    manifest: true,
    target: 'es2020',
    // Data-URL inlining of tiny assets is fine under the CSP (img-src data:).
    assetsInlineLimit: 4096,
    modulePreload: {
      // A screen's lazy chunk lists what to fetch beside it; the entry's own chunks are loaded
      // before any screen's code runs, so the lists leave them out (bytes in the entry chunk
      // every screen downloads, per screen of the route table).
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !ENTRY_CHUNK.test(dep)) : deps,
    },
    rolldownOptions: {
      // The member app, and the quote page (/OrdersPCB) as its own light page.
      input: { main: 'index.html', ordersPcb: 'orders-pcb.html' },
      output: { codeSplitting },
    },
  },
});
