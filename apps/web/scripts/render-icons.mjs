// Renders the brand mark (src/assets/logo-mark.svg, the one source) into the files browsers and
// home screens ask for: public/favicon.svg, a 32 px PNG favicon, the web app manifest's 192 and
// 512 px icons, a maskable 512 px icon and the 180 px Apple touch icon. The outputs are
// committed; run `npm run icons -w @pcb/web` after changing the mark. Uses Debian's Chromium
// (/usr/bin/chromium).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const web = fileURLToPath(new URL('..', import.meta.url));
const mark = readFileSync(`${web}src/assets/logo-mark.svg`, 'utf8').trim();

/**
 * Full-bleed variants: the platform cuts its own shape (a circle or squircle for maskable
 * icons, rounded corners on iOS), so the background fills the square and the drawing is
 * scaled into the centre safe zone (a circle of 80 % of the width).
 */
function fullBleed(svg, scale) {
  const inner = svg
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>$/, '')
    .replace(/<rect width="64" height="64" rx="14" fill="#FF6A00"\/>/, '');
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
    '<rect width="64" height="64" fill="#FF6A00"/>' +
    `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${inner}</g></svg>`
  );
}

const outputs = [
  { file: 'public/favicon-32.png', size: 32, svg: mark },
  { file: 'public/icons/icon-192.png', size: 192, svg: mark },
  { file: 'public/icons/icon-512.png', size: 512, svg: mark },
  { file: 'public/icons/icon-maskable-512.png', size: 512, svg: fullBleed(mark, 0.72) },
  { file: 'public/icons/apple-touch-icon.png', size: 180, svg: fullBleed(mark, 0.86) },
];

writeFileSync(`${web}public/favicon.svg`, `${mark}\n`);
mkdirSync(`${web}public/icons`, { recursive: true });

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  for (const { file, size, svg } of outputs) {
    await page.setViewportSize({ width: size, height: size });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<body style="margin:0;background:transparent"><img src="${src}" width="${size}" height="${size}" style="display:block"></body>`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: `${web}${file}`, omitBackground: true });
    console.log(`${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
