import { useEffect, useRef, useState } from 'react';
import { Button, ProgressBar } from 'antd-mobile';
import type { UploadDirType } from '@pcb/contract/common-upload';
import { uploadFile } from '../../../lib/upload';
import { errorMessage } from '../../../components/feedback';
import { FileIcon } from '../../../components/icons';

export const CERTIFICATION_MAX_BYTES = 10 * 1024 * 1024;

/** A file already on the server (an application being edited). */
export interface UploadedFile {
  key: string;
  url: string;
}

type UploadState =
  | { status: 'empty' }
  | { status: 'uploading'; file: File; percent: number }
  | { status: 'done'; name: string; previewUrl: string; isPdf: boolean }
  | { status: 'error'; file: File; message: string };

const isPdfName = (name: string) => name.toLowerCase().split('?')[0]!.endsWith('.pdf');

/**
 * One file of the certification: picked, uploaded straight to object storage with a progress
 * bar (lib/upload), then previewed (the image, or the PDF's name with a link); a failed upload
 * can be retried with the same file. Reports the object key, or null while there is none.
 */
export function CertificationUpload({
  id,
  dirType,
  accept,
  hint,
  initial,
  onChange,
  error,
}: {
  id: string;
  dirType: UploadDirType;
  accept: string;
  hint: string;
  initial?: UploadedFile | undefined;
  onChange: (key: string | null) => void;
  error?: string | undefined;
}) {
  const input = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);
  const objectUrl = useRef<string | null>(null);
  const [state, setState] = useState<UploadState>(() =>
    initial
      ? {
          status: 'done',
          name: isPdfName(initial.key) ? '已上传的PDF文件' : '已上传的图片',
          previewUrl: initial.url,
          isPdf: isPdfName(initial.key),
        }
      : { status: 'empty' },
  );

  useEffect(
    () => () => {
      running.current?.abort();
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
    },
    [],
  );

  const upload = async (file: File) => {
    running.current?.abort();
    onChange(null);
    if (file.size > CERTIFICATION_MAX_BYTES) {
      setState({ status: 'error', file, message: '文件不能超过10MB' });
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setState({ status: 'uploading', file, percent: 0 });
    try {
      const key = await uploadFile({
        dirType,
        file,
        signal: controller.signal,
        onProgress: (percent) =>
          setState((s) => (s.status === 'uploading' ? { ...s, percent } : s)),
      });
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
      objectUrl.current = URL.createObjectURL(file);
      setState({
        status: 'done',
        name: file.name,
        previewUrl: objectUrl.current,
        isPdf: isPdfName(file.name),
      });
      onChange(key);
    } catch (e) {
      if (controller.signal.aborted) return;
      setState({ status: 'error', file, message: errorMessage(e, '文件上传失败，请重试') });
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  const pick = () => input.current?.click();

  return (
    <div className="cert-upload" data-testid={id} data-status={state.status}>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid={`${id}-file`}
        aria-label={hint}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void upload(file);
        }}
      />
      {state.status === 'empty' && (
        <button
          type="button"
          className="cert-upload-pick"
          onClick={pick}
          data-testid={`${id}-pick`}
        >
          <span className="cert-upload-plus" aria-hidden="true">
            +
          </span>
          <span>{hint}</span>
        </button>
      )}
      {state.status === 'uploading' && (
        <div className="cert-upload-box">
          <div className="cert-upload-name">{state.file.name}</div>
          <ProgressBar
            percent={state.percent}
            text
            data-testid={`${id}-progress`}
            aria-label="上传进度"
          />
        </div>
      )}
      {state.status === 'done' && (
        <div className="cert-upload-box">
          {state.isPdf ? (
            <a
              className="cert-upload-pdf"
              href={state.previewUrl}
              target="_blank"
              rel="noreferrer"
              data-testid={`${id}-preview`}
            >
              <FileIcon className="cert-upload-pdf-icon" />
              <span>{state.name}</span>
            </a>
          ) : (
            <img
              className="cert-upload-image"
              src={state.previewUrl}
              alt={`${state.name}预览`}
              data-testid={`${id}-preview`}
            />
          )}
          <div className="cert-upload-row">
            <span className="cert-upload-ok">上传成功</span>
            <Button
              size="small"
              fill="none"
              color="primary"
              onClick={pick}
              data-testid={`${id}-repick`}
            >
              重新选择
            </Button>
          </div>
        </div>
      )}
      {state.status === 'error' && (
        <div className="cert-upload-box">
          <div className="cert-upload-name">{state.file.name}</div>
          <div className="cert-upload-error" role="alert">
            {state.message}
          </div>
          <div className="cert-upload-row">
            <Button
              size="small"
              color="primary"
              fill="outline"
              onClick={() => void upload(state.file)}
              data-testid={`${id}-retry`}
            >
              重试
            </Button>
            <Button size="small" fill="none" color="primary" onClick={pick}>
              重新选择
            </Button>
          </div>
        </div>
      )}
      {error && state.status !== 'error' && (
        <div className="cert-upload-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
