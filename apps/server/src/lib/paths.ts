import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding apps/server/package.json. Found by walking up from this module so the
 * same code works from src/ (tsx, vitest) and from the esbuild bundle in dist/.
 */
export function serverRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@pcb/server') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @pcb/server package folder');
    dir = parent;
  }
}

export function repoRoot(): string {
  return path.resolve(serverRoot(), '..', '..');
}

export const migrationsFolder = (): string => path.join(serverRoot(), 'drizzle');
export const publicFolder = (): string => path.join(serverRoot(), 'public');
