import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runnerImport, type Plugin } from 'vite';

interface RouteMetaModule {
  routeMeta: Record<string, { path: string }>;
}

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
export function routeTable(): Plugin {
  let root = '';
  return {
    name: 'pcb:route-table',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle() {
      const routerFile = path.join(root, 'src/app/router.tsx');
      const router = readFileSync(routerFile, 'utf8');
      const screens = new Map<string, string>();
      for (const [, name, specifier] of router.matchAll(
        /const (\w+) = lazy\(\(\) => import\('([^']+)'\)\)/g,
      )) {
        if (name && specifier) screens.set(name, specifier);
      }
      const { module } = await runnerImport<RouteMetaModule>(
        path.join(root, 'src/app/route-meta.ts'),
        { configFile: false, root, logLevel: 'silent' },
      );
      const routes: Record<string, string> = {};
      for (const [, key, name] of router.matchAll(
        /<Route\s+path=\{routeMeta\.(\w+)\.path\}\s+element=\{<(\w+)\s*\/>\}/g,
      )) {
        const pattern = key ? module.routeMeta[key]?.path : undefined;
        const specifier = name ? screens.get(name) : undefined;
        const resolved = specifier ? await this.resolve(specifier, routerFile) : null;
        if (!pattern || !resolved)
          this.error(`route-table: cannot pair routeMeta.${key} with ${name}`);
        routes[pattern] = path.relative(root, resolved.id).split(path.sep).join('/');
      }
      const paired = Object.keys(routes).length;
      if (paired !== screens.size) {
        this.error(
          `route-table: ${screens.size} lazy screens in router.tsx, ${paired} paired with a path`,
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/routes.json',
        source: `${JSON.stringify(routes, null, 2)}\n`,
      });
    },
  };
}
