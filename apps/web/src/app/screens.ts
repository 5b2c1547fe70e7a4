import { lazy } from 'react';
import { isLoggedIn } from '../lib/auth-session';
import { peekReturnPath } from '../lib/return-url';
import { decideAccess } from './route-guard';
import { routeForPath, routeRows, type RouteRow, type ScreenModule } from './route-table';

/**
 * How long the first render waits for what the screen shows at once (`prefetch`). The page has
 * asked for it together with the code, so it has nearly always arrived; a slow answer appears
 * when it comes instead of holding the screen back.
 */
export const FIRST_DATA_WAIT_MS = 250;

/** Screens whose module has arrived through `preloadScreen`. */
const loaded = new Map<RouteRow, ScreenModule>();

/**
 * A thenable that calls back at once. React.lazy reads a module that is already there without
 * suspending when its loader's `then` runs synchronously; a Promise always calls back later.
 */
function settled(module: ScreenModule): Promise<ScreenModule> {
  // React.lazy is its only caller, and ignores what `then` returns.
  const thenable = { then: (onFulfilled: (value: ScreenModule) => unknown) => onFulfilled(module) };
  return thenable as unknown as Promise<ScreenModule>;
}

/** One lazy component per row of the route table: each screen is a chunk of its own. */
export const screens = routeRows.map((row) => ({
  path: row.path,
  Screen: lazy(() => {
    const module = loaded.get(row);
    return module ? settled(module) : row.page();
  }),
}));

/**
 * Loads the screen of `pathname` before the app's first render (main.tsx). The page the server
 * sends already links the screen's chunks, so this is their evaluation, not a download. Without
 * it the first render suspends on the lazy screen: React commits the loading fallback and then
 * holds the screen back until 300 ms after it (its fallback throttle), so the first paint of the
 * form came about 0.35 s after the code had arrived. A failed load is left to the lazy screen,
 * which loads again and shows the failure as any navigation does. What the screen shows at once
 * (its `prefetch`) is waited for up to FIRST_DATA_WAIT_MS, so it is part of the first paint.
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const row = routeForPath(pathname);
  if (!row || loaded.has(row)) return;
  let module: ScreenModule;
  try {
    module = await row.page();
  } catch {
    return; // The screen's own lazy load retries and reports it.
  }
  loaded.set(row, module);
  if (!module.prefetch) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    // A failed answer is the screen's to show, as on any visit.
    module.prefetch().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, FIRST_DATA_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
}

/**
 * The screen the first render will show for `pathname`: the path's own, or where the guard
 * sends this visitor at once (a member page without login shows /login; a logged-in member
 * arriving at /login goes on to the member centre), so that one is loaded instead.
 */
export function firstScreenPath(pathname: string): string {
  const decision = decideAccess(routeForPath(pathname), {
    isLoggedIn: isLoggedIn(),
    fromPath: null,
    returnPath: peekReturnPath(),
  });
  const to = decision.type === 'redirect' || decision.type === 'continue' ? decision.to : pathname;
  return to.split(/[?#]/)[0] ?? to;
}
