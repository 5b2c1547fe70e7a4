import type { VisitInput } from '@pcb/contract/ck-info';
import { apiCall } from '../lib/api';
import { newGuid } from '../lib/guid';
import { getBdVid, getCountGuid, getSessionFrom, setCountGuid } from '../lib/storage';

let firstHref: string | null = null;
let inFlight: Promise<void> | null = null;

/** The address the visitor arrived on, kept before any client-side navigation changes it. */
export function rememberFirstHref(href: string): void {
  firstHref ??= href;
}

async function send(): Promise<void> {
  const guid = newGuid('D');
  const input: VisitInput = {
    FirstHref: (firstHref ?? window.location.href).slice(0, 2048),
    GUID: guid,
  };
  const bdVid = getBdVid();
  if (bdVid) input.bd_vid = bdVid.slice(0, 256);
  const from = getSessionFrom();
  if (from) input.from = from.slice(0, 64);
  try {
    // Loaded for a browser's first visit only: every screen runs this file, and a visit is
    // reported once per browser (decision 0012's budgets).
    const { CKInfo } = await import('@pcb/contract/ck-info');
    await apiCall(CKInfo.Add, input);
    setCountGuid(guid);
  } catch {
    // Not saved, so the next navigation reports the visit again (spec section 8).
  }
}

/**
 * Reports the first visit once per browser (spec section 4). Navigations that happen while a
 * report is on its way share it instead of sending a second one.
 */
export function reportFirstVisit(): Promise<void> {
  if (getCountGuid()) return Promise.resolve();
  inFlight ??= send().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
