import { useEffect, useEffectEvent, useState, type ComponentType } from 'react';
import type {
  GerberAnalysis,
  GerberPreviewProps,
  QuoteDimensions,
} from '../../../components/gerber';
import { readOrderFile } from '../../../lib/order-file-store';
import type { GerberSummary } from '../../../lib/order-info';

/** The Gerber module, loaded when a file is picked (decision 0030: never in the page's bundle). */
const loadGerber = () => import('../../../components/gerber');

export interface PickedGerber {
  file: File;
  summary: GerberSummary;
  /** Values the form is filled with (longer side as 长). */
  values: Partial<QuoteDimensions>;
}

interface GerberPanelProps {
  quote: QuoteDimensions;
  /** The file's name when one was kept from an earlier visit (before a login). */
  keptName?: string;
  /** The kept file's name when the quote was restored from orderInfo (after a login). */
  restoreName?: string;
  /** The kept file, once read again. */
  onKeptFile: (file: File) => void;
  onPicked: (picked: PickedGerber) => void;
  onApplyFix: (values: Partial<QuoteDimensions>) => void;
}

type Loaded = { analysis: GerberAnalysis; Preview: ComponentType<GerberPreviewProps> };

export function summaryOf(fileName: string, analysis: GerberAnalysis): GerberSummary {
  const { size, copperLayers, drill, top, bottom } = analysis;
  return {
    fileName,
    lengthMm: size.known ? Math.max(size.value.widthMm, size.value.heightMm) : undefined,
    widthMm: size.known ? Math.min(size.value.widthMm, size.value.heightMm) : undefined,
    layers: copperLayers.known ? copperLayers.value.count : undefined,
    drillHits: drill.known ? drill.value.hits : undefined,
    notDerived: [size, copperLayers, drill, top, bottom].flatMap((d) =>
      d.known ? [] : [d.reason],
    ),
  };
}

/** Pick a Gerber zip: it fills size and layers, shows the board, flags a disagreeing quote. */
export function GerberPanel({
  quote,
  keptName,
  restoreName,
  onKeptFile,
  onPicked,
  onApplyFix,
}: GerberPanelProps) {
  const [state, setState] = useState<
    | { status: 'idle' }
    | { status: 'working'; name: string }
    | { status: 'done'; name: string; loaded: Loaded }
    | { status: 'failed'; name: string; message: string }
  >({ status: 'idle' });

  async function pick(file: File, fill = true) {
    setState({ status: 'working', name: file.name });
    try {
      const gerber = await loadGerber();
      const analysis = await gerber.analyzeGerberZip(file);
      setState({
        status: 'done',
        name: file.name,
        loaded: { analysis, Preview: gerber.GerberPreview },
      });
      if (fill) {
        onPicked({
          file,
          summary: summaryOf(file.name, analysis),
          values: gerber.quoteValuesFromAnalysis(analysis),
        });
      }
    } catch (error) {
      const message =
        error instanceof Error && error.name === 'GerberZipError'
          ? error.message
          : '文件分析失败，请重试';
      setState({ status: 'failed', name: file.name, message });
    }
  }

  // Back from the login: the file picked before is read from IndexedDB and shown again,
  // without changing the restored quote.
  const showKept = useEffectEvent((file: File) => {
    onKeptFile(file);
    if (state.status === 'idle') void pick(file, false);
  });
  useEffect(() => {
    if (!restoreName) return;
    let live = true;
    void readOrderFile().then((file) => {
      if (live && file && file.name === restoreName) showKept(file);
    });
    return () => {
      live = false;
    };
  }, [restoreName]);

  const name = state.status === 'idle' ? keptName : state.name;
  return (
    <section className="q-card q-gerber" aria-label="Gerber文件">
      <div className="q-gerber-head">
        <div>
          <h2 className="q-card-title">上传Gerber，自动识别尺寸和层数</h2>
          <p className="q-muted">
            {name ? `已选：${name}` : 'zip压缩包，在手机上解析，不会上传；下单时上传同一文件'}
          </p>
        </div>
        <label className="q-small-button q-file-button">
          {name ? '换一个' : '选择文件'}
          <input
            type="file"
            accept=".zip,application/zip"
            className="q-file-input"
            data-testid="gerber-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void pick(file);
            }}
          />
        </label>
      </div>
      {state.status === 'working' && (
        <p className="q-muted" role="status">
          正在解析文件…
        </p>
      )}
      {state.status === 'failed' && (
        <p className="q-field-error" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'done' && (
        <state.loaded.Preview
          analysis={state.loaded.analysis}
          quote={quote}
          onApplyFix={onApplyFix}
        />
      )}
    </section>
  );
}
