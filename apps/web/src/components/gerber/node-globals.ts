// The few Node globals gerber-parser / gerber-plotter / gerber-to-svg expect, for the worker only
// (docs/decisions/0030-gerber-analysis.md). They are stream-based (readable-stream 3), which calls
// process.nextTick, reads `global` and converts strings with Buffer; `buffer` and `events` resolve
// to their npm packages (dependencies of @pcb/web). Imported first by gerber.worker.ts, so it runs
// before those CommonJS modules evaluate. Node (the unit tests) has all of these already.
import { Buffer } from 'buffer';

type Task = (...args: unknown[]) => void;
const scope = globalThis as unknown as Record<string, unknown>;
scope.global ??= globalThis;
scope.Buffer ??= Buffer;
scope.process ??= {
  env: {},
  browser: true,
  version: '',
  versions: {},
  nextTick: (task: Task, ...args: unknown[]) => queueMicrotask(() => task(...args)),
};
