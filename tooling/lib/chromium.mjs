// Debian's Chromium as the bench, the accessibility audit and the browser tests launch it (no
// downloaded browser).
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Quiet: no background traffic or updates to disturb a test or a measurement. */
export const chromeArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The same, headless, for chrome-launcher (Playwright chooses headless itself). */
export const chromeFlags = ['--headless=new', ...chromeArgs];
