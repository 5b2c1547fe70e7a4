import { useEffect, useRef, useState, type ComponentType } from 'react';
import { Button, ProgressBar } from 'antd-mobile';
import { orderFileDirType, orderFileRules, type OrderKind } from '@pcb/contract/order-life';
import type {
  GerberAnalysis,
  GerberPreviewProps,
  QuoteDimensions,
} from '../../../components/gerber';
import { errorMessage } from '../../../components/feedback';
import { keepOrderFile } from '../../../lib/order-file-store';
import { uploadFile } from '../../../lib/upload';

export interface UploadedOrderFile {
  key: string;
  name: string;
}

type State =
  | { status: 'empty' }
  | { status: 'uploading'; file: File; percent: number }
  | { status: 'done'; file: File }
  | { status: 'error'; file: File; message: string };

type Preview =
  | { status: 'none' }
  | { status: 'working' }
  | { status: 'done'; analysis: GerberAnalysis; Preview: ComponentType<GerberPreviewProps> }
  | { status: 'failed'; message: string };

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
};

/** Spec §5: the extensions and size a kind's design file may have, or why this one may not. */
export function orderFileProblem(kind: OrderKind, file: File): string | null {
  const rule = orderFileRules[orderFileDirType[kind]];
  const extensions = rule.extensions as readonly string[];
  if (!extensions.includes(extensionOf(file.name)))
    return `只能上传${extensions.map((e) => e.slice(1)).join('、')}格式的文件`;
  if (file.size > rule.maxBytes) return `文件不能超过${rule.maxBytes / 1024 / 1024}MB`;
  if (file.size === 0) return '文件是空的，请重新选择';
  return null;
}

export function orderFileHint(kind: OrderKind): string {
  const rule = orderFileRules[orderFileDirType[kind]];
  const names = rule.extensions.map((e) => e.slice(1)).join('、');
  return `支持${names}格式，不超过${rule.maxBytes / 1024 / 1024}MB`;
}

interface OrderFileUploadProps {
  kind: OrderKind;
  /** The file picked on the quote page (kept in IndexedDB): uploaded at once. */
  initialFile: File | null;
  /** PCB: the quote's size and layers, compared with a Gerber zip's. */
  quote?: QuoteDimensions;
  onChange: (file: UploadedOrderFile | null) => void;
  /**
   * Keep the uploaded file on this device for the next order page (default): a file replacing
   * an existing order's is not the next order's.
   */
  keep?: boolean;
}

/**
 * The order's design file: checked (spec §5), uploaded in two steps with progress (lib/upload,
 * the kind's dirType); a PCB zip is also analysed here (Gerber preview and mismatches).
 */
export function OrderFileUpload({
  kind,
  initialFile,
  quote,
  onChange,
  keep = true,
}: OrderFileUploadProps) {
  const input = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);
  const [state, setState] = useState<State>({ status: 'empty' });
  const [preview, setPreview] = useState<Preview>({ status: 'none' });
  const rule = orderFileRules[orderFileDirType[kind]];

  async function analyse(file: File) {
    if (kind !== 'pcb' || extensionOf(file.name) !== '.zip') {
      setPreview({ status: 'none' });
      return;
    }
    setPreview({ status: 'working' });
    try {
      const gerber = await import('../../../components/gerber');
      const analysis = await gerber.analyzeGerberZip(file);
      setPreview({ status: 'done', analysis, Preview: gerber.GerberPreview });
    } catch (error) {
      setPreview({
        status: 'failed',
        message:
          error instanceof Error && error.name === 'GerberZipError'
            ? error.message
            : '文件分析失败（不影响上传）',
      });
    }
  }

  async function upload(file: File) {
    running.current?.abort();
    onChange(null);
    const problem = orderFileProblem(kind, file);
    if (problem) {
      setState({ status: 'error', file, message: problem });
      return;
    }
    void analyse(file);
    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'uploading', file, percent: 0 });
    try {
      const key = await uploadFile({
        dirType: orderFileDirType[kind],
        file,
        signal: controller.signal,
        onProgress: (percent) =>
          setState((s) => (s.status === 'uploading' ? { ...s, percent } : s)),
      });
      setState({ status: 'done', file });
      onChange({ key, name: file.name });
      if (keep) void keepOrderFile(file);
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ status: 'error', file, message: errorMessage(error, '文件上传失败，请重试') });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  // The file from the quote page goes up without a second pick.
  const started = useRef(false);
  useEffect(() => {
    if (!initialFile || started.current) return;
    started.current = true;
    void upload(initialFile);
  });
  useEffect(() => () => running.current?.abort(), []);

  const pick = () => input.current?.click();
  const file = state.status === 'empty' ? null : state.file;

  return (
    <div className="order-file" data-testid="order-file" data-status={state.status}>
      <input
        ref={input}
        type="file"
        accept={rule.extensions.join(',')}
        hidden
        data-testid="order-file-input"
        aria-label="选择设计文件"
        onChange={(event) => {
          const picked = event.target.files?.[0];
          event.target.value = '';
          if (picked) void upload(picked);
        }}
      />
      <p className="order-hint">{orderFileHint(kind)}</p>
      {file && <div className="order-file-name">{file.name}</div>}
      {state.status === 'uploading' && (
        <ProgressBar percent={state.percent} text aria-label="上传进度" />
      )}
      {state.status === 'done' && <div className="order-ok">上传成功</div>}
      {state.status === 'error' && (
        <div className="order-error" role="alert">
          {state.message}
        </div>
      )}
      <div className="order-row">
        {state.status === 'error' && !orderFileProblem(kind, state.file) && (
          <Button
            size="small"
            color="primary"
            fill="outline"
            onClick={() => void upload(state.file)}
          >
            重试
          </Button>
        )}
        <Button
          size="small"
          color="primary"
          fill={state.status === 'empty' ? 'solid' : 'none'}
          onClick={pick}
          data-testid="order-file-pick"
        >
          {state.status === 'empty' ? '选择文件' : '重新选择'}
        </Button>
      </div>
      {preview.status === 'working' && <p className="order-hint">正在解析Gerber文件…</p>}
      {preview.status === 'failed' && <p className="order-hint">{preview.message}</p>}
      {preview.status === 'done' && <preview.Preview analysis={preview.analysis} quote={quote} />}
    </div>
  );
}
