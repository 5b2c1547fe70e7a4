import type { GerberAnalysis } from './types';

/** What gerber.worker.ts posts back: the analysis, or a message to show. */
export type WorkerReply = { ok: true; analysis: GerberAnalysis } | { ok: false; message: string };
