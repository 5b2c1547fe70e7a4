// What the analysis of a Gerber zip returns (docs/decisions/0030-gerber-analysis.md). Plain data
// (structured-clonable): it crosses from the worker to the page.

/** A fact derived from the files, or the plain reason it could not be. Never a guess. */
export type Derived<T> = { known: true; value: T } | { known: false; reason: string };

export type GerberLayerType =
  'copper' | 'soldermask' | 'silkscreen' | 'solderpaste' | 'drill' | 'outline' | 'drawing';
export type GerberLayerSide = 'top' | 'bottom' | 'inner' | 'all';

export interface GerberFileInfo {
  /** The path inside the zip. */
  path: string;
  /** null: the name says nothing we recognise (a readme, a BOM, a pick-and-place file…). */
  type: GerberLayerType | null;
  side: GerberLayerSide | null;
  /** Why this file was not used, when it was not (unrecognised, unreadable, …). */
  problem?: string;
}

export interface BoardSize {
  /** Along X of the files, millimetres to 0.01. */
  widthMm: number;
  /** Along Y of the files. */
  heightMm: number;
}

export interface CopperLayers {
  count: number;
  outer: number;
  inner: number;
}

export interface DrillFacts {
  /** Holes drilled (flashes of every drill file). */
  hits: number;
  /** The smallest tool that drills at least one hole, millimetres to 0.01. */
  smallestMm: number;
  /** Distinct tool sizes used. */
  tools: number;
}

export interface GerberAnalysis {
  files: GerberFileInfo[];
  size: Derived<BoardSize>;
  copperLayers: Derived<CopperLayers>;
  drill: Derived<DrillFacts>;
  /** The rendered board as SVG markup (pcb-stackup), or why there is none. */
  top: Derived<string>;
  bottom: Derived<string>;
  /** Milliseconds spent in each step, for the bench and curiosity. */
  timings: { unzipMs: number; renderMs: number; totalMs: number };
}

/** The part of the quote the analysis can disagree with (packages/pricing's PcbParams). */
export interface QuoteDimensions {
  layers: number;
  lengthMm: number;
  widthMm: number;
}
