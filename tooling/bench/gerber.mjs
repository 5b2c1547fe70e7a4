// The Gerber module (issue 11, Performance): the time from picking the generated 4-layer
// 100 × 100 mm zip to its board identified, measured and rendered (the preview image decoded),
// in Chromium at 375 px, on the module's test page (apps/web/e2e/gerber-harness: the module by
// import(), the Web Worker, the production CSP). Five picks, each on a fresh page (the first
// includes the worker's download and compile); the median is the figure, the first is shown too.
/* global window -- page.evaluate callbacks run in the browser */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { fourLayerBoard, zipFiles } from '../gerber-fixtures/make.mjs';
import { buildGerberHarness, serveStatic } from '../../apps/web/e2e/gerber-harness/harness.mjs';

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.BENCH_GERBER_RUNS ?? 5);

export async function measureGerber() {
  const outDir = mkdtempSync(join(tmpdir(), 'gerber-bench-'));
  const zip = Buffer.from(zipFiles(fourLayerBoard().files));
  let served;
  let browser;
  try {
    await buildGerberHarness(outDir);
    const assets = readdirSync(join(outDir, 'assets'));
    const gz = (prefix) =>
      assets
        .filter((f) => f.startsWith(prefix) && f.endsWith('.js'))
        .reduce((sum, f) => sum + gzipSync(readFileSync(join(outDir, 'assets', f))).length, 0);
    served = await serveStatic(outDir);
    browser = await chromium.launch({
      executablePath: chromePath,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const times = [];
    for (let i = 0; i < runs; i += 1) {
      const page = await context.newPage();
      await page.goto(served.url);
      await page.getByLabel('选择Gerber压缩包').setInputFiles({
        name: 'board-4layer-100x100.zip',
        mimeType: 'application/zip',
        buffer: zip,
      });
      await page.waitForFunction(() => (window.gerberTimings?.shownMs ?? 0) > 0, null, {
        timeout: 30_000,
      });
      const facts = await page.getByLabel('从文件得出').innerText();
      if (!facts.includes('100 × 100 mm') || !facts.includes('4层'))
        throw new Error(`gerber bench: wrong analysis: ${facts}`);
      times.push(await page.evaluate(() => window.gerberTimings));
      await page.close();
    }
    const sorted = [...times].sort((a, b) => a.shownMs - b.shownMs);
    return {
      zipBytes: zip.length,
      first: times[0],
      median: sorted[Math.floor(sorted.length / 2)],
      workerGz: gz('gerber.worker'),
      entryGz: gz('gerber-'),
    };
  } finally {
    await browser?.close();
    await served?.close();
    rmSync(outDir, { recursive: true, force: true });
  }
}

export function printGerber(r, goals) {
  const mark = (ok) => (ok ? 'ok' : 'MISSED');
  const ms = (n) => `${Math.round(n)} ms`;
  console.log(
    `\nGerber zip in Chromium (4-layer 100 × 100 mm, ${(r.zipBytes / 1024).toFixed(1)} KB zip, median of picks):`,
  );
  console.log(
    `  identified + measured + rendered ${ms(r.median.shownMs).padStart(8)} (analysis ${ms(r.median.analysedMs)})   ` +
      `goal < ${goals.gerberMs} ms: ${mark(r.median.shownMs < goals.gerberMs)}   first pick ${ms(r.first.shownMs)}`,
  );
  console.log(
    `  loaded on pick: worker ${(r.workerGz / 1024).toFixed(1)} KB gzip, module entry ${(r.entryGz / 1024).toFixed(1)} KB gzip (none of it in the page's bundle)`,
  );
}

// `node tooling/bench/gerber.mjs` measures this part alone.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  printGerber(await measureGerber(), { gerberMs: 2000 });
}
