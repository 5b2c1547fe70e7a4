// The web app's route table for the build: see route-table-plugin.d.mts for the two exports.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runnerImport } from 'vite';

const TABLE = 'src/app/route-table.ts';
const PAGE_IMPORT = /page:\s*\(\)\s*=>\s*import\(\s*'([^']+)'\s*\)/g;

/** @type {import('./route-table-plugin.d.mts').readLazyScreens} */
export function readLazyScreens(root) {
  const table = readFileSync(path.join(root, TABLE), 'utf8');
  return new Set([...table.matchAll(PAGE_IMPORT)].map(([, specifier]) => specifier));
}

/** The one module a row's `page` loader imports, as the module runner rewrote it. */
function pageSpecifier(page) {
  const literals = [...String(page).matchAll(/import\w*\(\s*(["'])([^"']+)\1\s*\)/g)];
  return literals.length === 1 ? literals[0][2] : null;
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
    async generateBundle(_options, bundle) {
      const tableFile = path.join(root, TABLE);
      const { module } = await runnerImport(tableFile, {
        configFile: false,
        root,
        logLevel: 'silent',
      });
      const rows = Object.entries(module.routeTable);
      // The lazy chunks the build made, by the module each one loads.
      const lazyModules = new Set(
        Object.values(bundle).flatMap((c) =>
          c.type === 'chunk' && c.isDynamicEntry && c.facadeModuleId ? [c.facadeModuleId] : [],
        ),
      );
      const routes = {};
      for (const [key, row] of rows) {
        const specifier = pageSpecifier(row.page);
        const resolved = specifier ? await this.resolve(specifier, tableFile) : null;
        if (!resolved || !lazyModules.has(resolved.id)) {
          this.error(`route-table: row ${key}: page must be () => import('./routes/…')`);
        }
        const page = path.relative(root, resolved.id).split(path.sep).join('/');
        routes[row.path] = {
          page,
          access: row.access,
          ...(row.data?.length ? { data: [...row.data] } : {}),
          ...(row.description ? { description: row.description } : {}),
        };
      }
      const counted = readLazyScreens(root).size;
      if (counted !== rows.length) {
        this.error(`route-table: ${rows.length} rows in ${TABLE}, ${counted} page imports read`);
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/routes.json',
        source: `${JSON.stringify(routes, null, 2)}\n`,
      });
    },
  };
}
