// The Gerber module in Chromium (issue 11, "Gerber in, quote out"): the 4-layer 100 × 100 mm
// zip that tooling/gerber-fixtures/make.mjs generates is picked on a test page that loads the
// module by import(), as the quote page will; the Web Worker identifies, measures and renders it
// under the production CSP, and the one-tap fixes update the quote.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fourLayerBoard, zipFiles } from '../../../tooling/gerber-fixtures/make.mjs';
import { buildGerberHarness, serveStatic } from './gerber-harness/harness.mjs';

let outDir: string;
let served: { url: string; close: () => Promise<void> };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  outDir = mkdtempSync(join(tmpdir(), 'gerber-harness-'));
  await buildGerberHarness(outDir);
  served = await serveStatic(outDir);
});

test.afterAll(async () => {
  await served?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

test('a 4-layer 100 × 100 mm zip is identified, measured and rendered in a worker', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(served.url);
  await expect(page.getByLabel('报价')).toHaveText('报价：2层 50×50mm');

  await page.getByLabel('选择Gerber压缩包').setInputFiles({
    name: 'board-4layer-100x100.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(zipFiles(fourLayerBoard().files)),
  });

  const facts = page.getByLabel('从文件得出');
  await expect(facts).toContainText('板子尺寸100 × 100 mm');
  await expect(facts).toContainText('铜层4层（含内层2）');
  await expect(facts).toContainText('钻孔158孔');
  await expect(facts).toContainText('最小孔径0.2mm');
  await expect(facts).toContainText('识别文件10/10个');
  await expect(page.getByRole('list', { name: '未能得出' })).toHaveCount(0);

  // Rendered: the image decodes to a real picture, for both sides.
  await expect(page.locator('body')).toHaveAttribute('data-shown', 'true');
  const top = page.getByRole('img', { name: '电路板顶面预览' });
  expect(await top.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  await page.getByRole('button', { name: '底面' }).click();
  const bottom = page.getByRole('img', { name: '电路板底面预览' });
  await expect(bottom).toBeVisible();
  expect(await bottom.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  await page.screenshot({ path: 'test-results/gerber-preview-375.png', fullPage: true });

  // The quote disagrees: one tap each makes it agree.
  const mismatches = page.getByRole('list', { name: '报价与文件不一致' });
  await expect(mismatches.getByRole('listitem')).toHaveText([
    /文件板框为100×100mm，报价为50×50mm/,
    /文件有4层铜，报价为2层/,
  ]);
  await page.getByRole('button', { name: '改为100×100mm' }).click();
  await page.getByRole('button', { name: '改为4层' }).click();
  await expect(page.getByLabel('报价')).toHaveText('报价：4层 100×100mm');
  await expect(page.getByText('报价的尺寸和层数与文件一致')).toBeVisible();

  // Tap targets of the preview are at least 44 px high.
  for (const name of ['顶面', '底面']) {
    const box = await page.getByRole('button', { name }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
  }
  expect(errors).toEqual([]);
});

test('a file that is not a zip is refused plainly', async ({ page }) => {
  await page.goto(served.url);
  await page.getByLabel('选择Gerber压缩包').setInputFiles({
    name: 'board.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from('Rar! this is not a zip'),
  });
  await expect(page.getByRole('alert')).toHaveText(
    '无法解压：文件不是有效的zip压缩包（rar、7z请先转为zip）',
  );
});
