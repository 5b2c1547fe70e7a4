// Types of contrast.mjs, for the TypeScript tests that import it.
export function parseColor(css: string): [number, number, number, number];
export function contrast(foreground: string, background: string): number;
