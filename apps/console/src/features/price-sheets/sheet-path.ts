// A place in a price sheet, and its name as the engine's `checkPriceSheet` writes it
// (`pcb.batchBands.2[0].fromAreaMm2`), so a problem the server reports lands next to its field.

/** Object keys as strings (a layer count is the key `'2'`), list positions as numbers. */
export type SheetPath = readonly (string | number)[];

export function pathName(path: SheetPath): string {
  return path.reduce<string>((name, key) => {
    if (typeof key === 'number') return `${name}[${key}]`;
    return name ? `${name}.${key}` : key;
  }, '');
}

export function getAt(value: unknown, path: SheetPath): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** A copy of `root` with the value at `path` replaced; what lies beside it is shared. */
export function setAt<T>(root: T, path: SheetPath, next: unknown): T {
  if (path.length === 0) return next as T;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  const node = root as unknown;
  const child = setAt(getAt(node, [key]), rest, next);
  if (Array.isArray(node)) {
    const copy = [...node];
    copy[key as number] = child;
    return copy as T;
  }
  return { ...(node as object), [key]: child } as T;
}
