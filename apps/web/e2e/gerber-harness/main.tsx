// A test page for the Gerber module (apps/web/e2e/gerber.spec.ts, tooling/bench/gerber.mjs):
// the module loaded the way the quote page loads it, by import() once a file is picked, its
// analysis run in the Web Worker, the preview shown. Built by harness.mjs beside it,
// never part of the app's build.
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type * as GerberModule from '../../src/components/gerber';
import type { GerberAnalysis, QuoteDimensions } from '../../src/components/gerber';

type Gerber = typeof GerberModule;

declare global {
  interface Window {
    /** Milliseconds from the pick to the analysis, and to the preview image decoded. */
    gerberTimings?: { analysedMs: number; shownMs: number };
  }
}

function Harness() {
  const [state, setState] = useState<
    | { step: 'idle' | 'busy' }
    | { step: 'done'; gerber: Gerber; analysis: GerberAnalysis; started: number }
    | { step: 'failed'; message: string }
  >({ step: 'idle' });
  const [quote, setQuote] = useState<QuoteDimensions>({ layers: 2, lengthMm: 50, widthMm: 50 });

  async function pick(file: File | undefined) {
    if (!file) return;
    const started = performance.now();
    setState({ step: 'busy' });
    const gerber = await import('../../src/components/gerber');
    try {
      const analysis = await gerber.analyzeGerberZip(file);
      window.gerberTimings = { analysedMs: performance.now() - started, shownMs: 0 };
      setState({ step: 'done', gerber, analysis, started });
    } catch (error) {
      setState({ step: 'failed', message: (error as Error).message });
    }
  }

  function shown(started: number, image: HTMLImageElement) {
    void image.decode().then(() => {
      if (window.gerberTimings && !window.gerberTimings.shownMs)
        window.gerberTimings.shownMs = performance.now() - started;
      document.body.dataset.shown = 'true';
    });
  }

  return (
    <main style={{ padding: 12 }}>
      <label style={{ display: 'block', minHeight: 44 }}>
        选择Gerber压缩包
        <input type="file" accept=".zip" onChange={(e) => void pick(e.target.files?.[0])} />
      </label>
      <p aria-label="报价">
        报价：{quote.layers}层 {quote.lengthMm}×{quote.widthMm}mm
      </p>
      {state.step === 'busy' && <p role="status">正在分析…</p>}
      {state.step === 'failed' && <p role="alert">{state.message}</p>}
      {state.step === 'done' && (
        <div
          ref={(node) => {
            const image = node?.querySelector('img');
            if (image) shown(state.started, image);
          }}
        >
          <state.gerber.GerberPreview
            analysis={state.analysis}
            quote={quote}
            onApplyFix={(values) => setQuote((q) => ({ ...q, ...values }))}
          />
        </div>
      )}
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Harness />
  </StrictMode>,
);
