// Types of make.mjs, for the TypeScript tests that import it.
export interface GerberBoard {
  files: Record<string, string>;
  expected: {
    widthMm: number;
    heightMm: number;
    copperLayers: number;
    drillHits: number;
    smallestDrillMm: number;
  };
}
export function twoLayerBoard(): GerberBoard;
export function fourLayerBoard(): GerberBoard;
export function zipFiles(files: Record<string, string>): Uint8Array;
export function writeFixtures(outDir: string): Record<string, string>;
