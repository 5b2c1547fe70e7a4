import type { Plugin } from 'vite';

/** The lazily loaded screens of src/app/router.tsx: component name → import specifier. */
export function readLazyScreens(root: string): Map<string, string>;

/**
 * Writes `.vite/routes.json` beside Vite's manifest: every route pattern of the app's route
 * table and the manifest key of the lazy module that renders it, e.g.
 * `{"/login": "src/app/routes/login-route.tsx"}`. The server reads both files to link a route's
 * chunks in the HTML it serves, and the bundle report and the bench read them to size each
 * screen (docs/decisions/0012-page-loading.md).
 *
 * The table is read from its two sources as they are written: the `lazy(() => import(…))`
 * screens and `<Route path={routeMeta.<key>.path} element={<Screen />} />` rows of
 * src/app/router.tsx, and the paths of src/app/route-meta.ts. A screen that cannot be paired
 * with a path fails the build rather than silently losing its preload.
 */
export function routeTable(): Plugin;
