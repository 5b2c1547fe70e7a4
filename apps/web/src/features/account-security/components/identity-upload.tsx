import { useEffect, useRef, useState } from 'react';
import { Button, ProgressBar } from 'antd-mobile';
import { uploadFile } from '../../../lib/upload';
import { errorMessage } from '../../../components/feedback';

/** Decision: identity documents are photos or PDFs of at most 10 MB (read on a phone). */
export const IDENTITY_ACCEPT = 'image/*,.pdf,application/pdf';
export const IDENTITY_MAX_BYTES = 10 * 1024 * 1024;

type UploadState =
  | { status: 'empty' }
  | { status: 'uploading'; name: string; percent: number }
  | { status: 'done'; name: string }
  | { status: 'error'; name: string; message: string };

/**
 * Picks an identity document and uploads it straight to object storage as soon as it is
 * chosen, with a progress bar; reports the object key (or null while there is none).
 */
export function IdentityUpload({
  onChange,
  error,
}: {
  onChange: (key: string | null) => void;
  error?: string | undefined;
}) {
  const input = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);
  const [state, setState] = useState<UploadState>({ status: 'empty' });

  useEffect(() => () => running.current?.abort(), []);

  const upload = async (file: File) => {
    running.current?.abort();
    onChange(null);
    if (file.size > IDENTITY_MAX_BYTES) {
      setState({ status: 'error', name: file.name, message: '文件不能超过10MB' });
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'uploading', name: file.name, percent: 0 });
    try {
      const key = await uploadFile({
        dirType: 'identity',
        file,
        signal: controller.signal,
        onProgress: (percent) =>
          setState((s) => (s.status === 'uploading' ? { ...s, percent } : s)),
      });
      setState({ status: 'done', name: file.name });
      onChange(key);
    } catch (e) {
      if (controller.signal.aborted) return;
      setState({
        status: 'error',
        name: file.name,
        message: errorMessage(e, '文件上传失败，请重试'),
      });
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  const pick = () => input.current?.click();

  return (
    <div className="identity-upload" data-testid="apply-upload" data-status={state.status}>
      <input
        ref={input}
        type="file"
        accept={IDENTITY_ACCEPT}
        hidden
        data-testid="apply-file"
        aria-label="选择身份证明文件"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      {state.status === 'empty' ? (
        <button type="button" className="identity-pick" onClick={pick} data-testid="apply-pick">
          <span className="identity-pick-plus" aria-hidden="true">
            +
          </span>
          <span>上传手持身份证照片或身份证明（图片或PDF）</span>
        </button>
      ) : (
        <div className="identity-file">
          <div className="identity-file-row">
            <span className="identity-file-name" data-testid="apply-file-name">
              {state.name}
            </span>
            {state.status !== 'uploading' && (
              <Button
                size="mini"
                fill="none"
                color="primary"
                onClick={pick}
                data-testid="apply-repick"
              >
                重新选择
              </Button>
            )}
          </div>
          {state.status === 'uploading' && (
            <ProgressBar
              percent={state.percent}
              text
              data-testid="apply-upload-progress"
              aria-label="上传进度"
            />
          )}
          {state.status === 'done' && <div className="identity-file-ok">上传成功</div>}
          {state.status === 'error' && (
            <div className="identity-file-error" role="alert">
              {state.message}
            </div>
          )}
        </div>
      )}
      {error && state.status !== 'error' && (
        <div className="identity-file-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
