// The web app's route table for the build: see route-table-plugin.d.mts for the two exports.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runnerImport } from 'vite';

const ROUTER = 'src/app/router.tsx';

/** @type {import('./route-table-plugin.d.mts').readLazyScreens} */
export function readLazyScreens(root) {
  const router = readFileSync(path.join(root, ROUTER), 'utf8');
  const screens = new Map();
  for (const [, name, specifier] of router.matchAll(
    /const (\w+) = lazy\(\(\) => import\('([^']+)'\)\)/g,
  )) {
    screens.set(name, specifier);
  }
  return screens;
}

/** @type {import('./route-table-plugin.d.mts').routeTable} */
export function routeTable() {
  let root = '';
  return {
    name: 'pcb:route-table',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle() {
      const routerFile = path.join(root, ROUTER);
      const router = readFileSync(routerFile, 'utf8');
      const screens = readLazyScreens(root);
      const { module } = await runnerImport(path.join(root, 'src/app/route-meta.ts'), {
        configFile: false,
        root,
        logLevel: 'silent',
      });
      const routes = {};
      for (const [, key, name] of router.matchAll(
        /<Route\s+path=\{routeMeta\.(\w+)\.path\}\s+element=\{<(\w+)\s*\/>\}/g,
      )) {
        const pattern = module.routeMeta[key]?.path;
        const specifier = screens.get(name);
        const resolved = specifier ? await this.resolve(specifier, routerFile) : null;
        if (!pattern || !resolved) {
          this.error(`route-table: cannot pair routeMeta.${key} with ${name}`);
        }
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
