import { getCountGuid } from '../lib/storage';

// The first-visit report's part that every page runs: remember where the visitor arrived and
// ask for the report while the browser has not been counted. The report itself (its call and
// GUID) is visit-report.ts, loaded only then (decision 0012's budgets).

let firstHref: string | null = null;
let inFlight: Promise<void> | null = null;

/** The address the visitor arrived on, kept before any client-side navigation changes it. */
export function rememberFirstHref(href: string): void {
  firstHref ??= href;
}

/**
 * Reports the first visit once per browser (spec section 4). Navigations that happen while a
 * report is on its way share it instead of sending a second one; one that fails (or whose
 * code cannot load) is tried again on the next navigation.
 */
export function reportFirstVisit(): Promise<void> {
  if (getCountGuid()) return Promise.resolve();
  inFlight ??= import('./visit-report')
    .then(({ sendVisit }) => sendVisit(firstHref ?? window.location.href))
    .catch(() => {})
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
