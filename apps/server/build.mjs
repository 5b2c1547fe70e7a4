// Bundles the server into dist/main.js (and the reconciliation tool into dist/reconcile.js). Our own code and the @pcb/contract workspace (shipped
// as TypeScript source) are bundled; every npm package stays external and is loaded from
// node_modules at run time, so native modules (argon2) and PostgreSQL binaries keep working.
// `--outdir=<folder>` writes the same bundle elsewhere (the crash test's own copy); the folder
// must be inside apps/server, where the bundle finds node_modules and the server's files.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import path from 'node:path';

const here = new URL('.', import.meta.url).pathname;
const outdirArgument = process.argv.find((a) => a.startsWith('--outdir='));
const outdir = outdirArgument
  ? path.resolve(outdirArgument.slice('--outdir='.length))
  : `${here}dist`;
rmSync(outdir, { recursive: true, force: true });

/** @type {import('esbuild').Plugin} */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@pcb/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: [`${here}src/main.ts`, `${here}src/reconcile.ts`],
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  // Bundled CommonJS-style code (if any) still finds `require` in an ES module.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'info',
});
