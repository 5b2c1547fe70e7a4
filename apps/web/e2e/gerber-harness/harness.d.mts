export function buildGerberHarness(outDir: string): Promise<void>;
export function serveStatic(dir: string): Promise<{ url: string; close: () => Promise<void> }>;
