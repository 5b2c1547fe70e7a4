import type { Plugin } from 'vite';

/** The import specifiers of the lazily loaded screens of src/app/route-table.ts. */
export function readLazyScreens(root: string): Set<string>;

/**
 * Writes `.vite/routes.json` beside Vite's manifest: every route pattern of the app's route
 * table with the manifest key of the lazy module that renders it, who may open it and, when
 * the row has them, its public answers and its description, e.g.
 * `{"/login": {"page": "src/app/routes/login-route.tsx", "access": "guest", …}}`. The server
 * reads both files to link a route's chunks in the HTML it serves, write the route's
 * description there and list the member pages in robots.txt; the bundle report and the bench
 * read them to size each screen (docs/decisions/0012-page-loading.md, 0036).
 *
 * The rows are those of src/app/route-table.ts, loaded as the app loads them; each row's
 * `page: () => import('./routes/…')` names its screen. A row whose page is not a lazy chunk of
 * this build fails the build rather than silently losing its preload.
 */
export function routeTable(): Plugin;
