// Debian's Chromium as the bench and the accessibility audit launch it (no downloaded browser).
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Headless, and quiet: no background traffic or updates to disturb a measurement. */
export const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
