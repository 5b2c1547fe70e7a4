// The pricing engine (issue 11, Performance): PCB quotes priced per second in one process, and
// what the engine weighs in the quote page's bundle. The package is TypeScript, so esbuild
// bundles it first: once as the page would (minified, tree-shaken, gzip-sized), once for Node.
import { build } from 'esbuild';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('../..', import.meta.url));
const seconds = Number(process.env.BENCH_PRICING_SECONDS ?? 3);

/** What the quote page imports (the holiday data arrives as JSON from the server). */
const pageEntry = `export { pricePcb, validatePcb, findPcbCliffs, comparePcbBuildTimes, pcbParamString,
  pcbFields, defaultPcbParams, createWorkCalendar } from '${root}packages/pricing/src/index.ts';`;

async function bundle(contents, options) {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    bundle: true,
    write: false,
    format: 'esm',
    logLevel: 'silent',
    ...options,
  });
  return result.outputFiles[0].contents;
}

/** A spread of realistic orders so no single path is all the JIT sees. */
function orders(engine) {
  const { defaultPcbParams, validatePcb, defaultPriceSheet } = engine;
  const list = [];
  const sizes = [
    [100, 100],
    [100.3, 100],
    [150, 80],
    [200, 100],
    [320, 250],
    [500, 400],
  ];
  const quantities = [5, 10, 30, 99, 100, 500, 2000];
  const layers = [1, 2, 4, 6];
  const finishes = ['hasl', 'haslLeadFree', 'enig1u', 'osp'];
  for (const [lengthMm, widthMm] of sizes)
    for (const quantity of quantities)
      for (const l of layers)
        for (const finish of finishes) {
          const params = {
            ...defaultPcbParams,
            lengthMm,
            widthMm,
            quantity,
            layers: l,
            finish,
            test: l >= 4 ? 'flyingProbeFull' : 'sample',
          };
          if (validatePcb(params, defaultPriceSheet).length === 0) list.push(params);
        }
  return list;
}

export async function measurePricing() {
  const page = await bundle(pageEntry, { minify: true, platform: 'browser' });
  const engine = await loadEngine();
  // Priced with the sheet as the server holds it: parsed from its stored JSON.
  const sheetJson = JSON.stringify(engine.defaultPriceSheet);
  const sheet = JSON.parse(sheetJson);
  const list = orders(engine);
  const options = { shipping: { province: '江苏', courier: 'sf' }, invoice: 'vatSpecial' };
  const { pricePcb } = engine;

  // Warm-up, then count whole passes over the list until the time is up.
  let sink = 0;
  for (let i = 0; i < 20_000; i += 1) sink += pricePcb(sheet, list[i % list.length], options).total;
  let priced = 0;
  const started = process.hrtime.bigint();
  const until = started + BigInt(seconds * 1e9);
  while (process.hrtime.bigint() < until) {
    for (let i = 0; i < list.length; i += 1) sink += pricePcb(sheet, list[i], options).total;
    priced += list.length;
  }
  const elapsedS = Number(process.hrtime.bigint() - started) / 1e9;
  if (sink === 0) throw new Error('no quote priced');
  return {
    quotesPerSecond: Math.round(priced / elapsedS),
    orders: list.length,
    seconds: Number(elapsedS.toFixed(2)),
    pageBundle: { raw: page.length, gz: gzipSync(page, { level: 9 }).length },
    sheetJsonGz: gzipSync(sheetJson, { level: 9 }).length,
  };
}

/** The engine itself, bundled for Node (its defaults and functions, for the other benches). */
export const loadEngine = async () => import(await nodeBundleUrl());

let nodeBundle;
/** The engine bundled for Node into a temporary file (imported once, then cached). */
async function nodeBundleUrl() {
  if (nodeBundle) return nodeBundle;
  const code = await bundle(`export * from '${root}packages/pricing/src/index.ts';`, {
    platform: 'node',
  });
  const dir = mkdtempSync(join(tmpdir(), 'pricing-bench-'));
  const file = join(dir, 'pricing.mjs');
  writeFileSync(file, code);
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  nodeBundle = pathToFileURL(file).href;
  return nodeBundle;
}

export function printPricing(r, goals) {
  const mark = (ok) => (ok ? 'ok' : 'MISSED');
  console.log(`\nPricing engine (@pcb/pricing, one process, ${r.orders} different orders):`);
  console.log(
    `  pricePcb            ${String(r.quotesPerSecond).padStart(9)} quotes/s   goal ≥ ${goals.pricingQuotesPerSecond}: ` +
      `${mark(r.quotesPerSecond >= goals.pricingQuotesPerSecond)}`,
  );
  console.log(
    `  in the quote page   ${(r.pageBundle.gz / 1024).toFixed(1)} KB gzip (${(r.pageBundle.raw / 1024).toFixed(1)} KB minified)   ` +
      `goal ≤ ${goals.pricingBundleGzipKb} KB: ${mark(r.pageBundle.gz <= goals.pricingBundleGzipKb * 1024)}` +
      `   price sheet JSON ${(r.sheetJsonGz / 1024).toFixed(1)} KB gzip`,
  );
}

// `node tooling/bench/pricing.mjs` measures this part alone.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  printPricing(await measurePricing(), { pricingQuotesPerSecond: 50_000, pricingBundleGzipKb: 10 });
}
