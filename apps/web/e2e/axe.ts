import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions, run } from 'axe-core';

// Evaluated, not added as a script tag: the pages' Content-Security-Policy allows no inline script.
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * The rules Lighthouse's accessibility category runs (WCAG 2 A and AA, plus the ones it turns
 * on or off by name: lighthouse/core/gather/gatherers/accessibility.js), so a page that passes
 * here scores 1.00 there.
 */
const lighthouseRules: RunOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
  resultTypes: ['violations'],
  rules: Object.fromEntries(
    [
      ...[
        'accesskeys',
        'aria-allowed-role',
        'aria-conditional-attr',
        'aria-deprecated-role',
        'aria-dialog-name',
        'aria-prohibited-attr',
        'aria-treeitem-name',
        'aria-text',
        'empty-heading',
        'heading-order',
        'html-xml-lang-mismatch',
        'identical-links-same-purpose',
        'image-redundant-alt',
        'input-button-name',
        'label-content-name-mismatch',
        'landmark-one-main',
        'link-in-text-block',
        'meta-viewport',
        'select-name',
        'skip-link',
        'tabindex',
        'table-duplicate-name',
        'table-fake-caption',
        'target-size',
        'td-has-header',
      ].map((id) => [id, true] as const),
      ...[
        'area-alt',
        'aria-braille-equivalent',
        'aria-roledescription',
        'audio-caption',
        'blink',
        'duplicate-id',
        'frame-focusable-content',
        'frame-title-unique',
        'marquee',
        'nested-interactive',
        'no-autoplay-audio',
        'role-img-alt',
        'scrollable-region-focusable',
        'server-side-image-map',
        'summary-name',
        'svg-img-alt',
      ].map((id) => [id, false] as const),
    ].map(([id, enabled]) => [id, { enabled }]),
  ),
};

/** Each violation axe-core finds on the page as it is now: the rule and where, readable in a diff. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const results = await page.evaluate(
    (options) =>
      (window as unknown as { axe: { run: typeof run } }).axe.run(
        document,
        options,
      ) as Promise<AxeResults>,
    // No preload: axe would fetch the stylesheets again (for a rule Lighthouse does not count)
    // with a timeout that a loaded CI machine ran out of (AbortError in the order-life spec).
    { ...lighthouseRules, preload: false },
  );
  return results.violations.flatMap((v) =>
    v.nodes.map((node) => `${v.id}: ${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
  );
}

/** The page as it is now breaks none of the rules Lighthouse's accessibility score counts. */
export async function expectAccessible(page: Page): Promise<void> {
  // Retried like a web-first assertion: a state that passes (a toast a page shows just after
  // the check for masks, fading in while axe runs) is gone on the next try, a violation stays.
  await expect(async () => {
    await masksAtRest(page);
    await transitionsOver(page);
    expect(await axeViolations(page)).toEqual([]);
  }).toPass({ timeout: 15_000, intervals: [500, 1_000, 2_000] });
}

/**
 * Waits until no antd-mobile mask (a popup's) is halfway through fading and no toast shows: react-spring
 * animates their opacity from script, which `document.getAnimations()` does not see, and a toast
 * caught mid-fade reads as white text on the page's grey.
 */
async function masksAtRest(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll('.adm-mask')].every((mask) => {
        const style = getComputedStyle(mask);
        if (style.display === 'none') return true;
        // A toast is waited out: shown at rest, it fades away two seconds later, and axe read
        // one half-way (white on #c4c4c4) when that fell within its run.
        return !mask.classList.contains('adm-toast-mask') && style.opacity === '1';
      }),
    undefined,
    { timeout: 8_000 },
  );
}

/**
 * Waits for every CSS transition and finite animation on the page to end (a button's colour
 * fading between states reads half-way otherwise); endless ones, spinners, are not waited for.
 * A cancelled one (its promise rejects) counts as over.
 */
async function transitionsOver(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
