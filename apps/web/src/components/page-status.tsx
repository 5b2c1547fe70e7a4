import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { AlertCircleIcon, FileIcon } from './icons';
import './page-status.css';

export function PageLoading({ text = '加载中' }: { text?: string }) {
  return (
    <div className="page-status" role="status" data-testid="page-loading">
      {/* CSS only: antd-mobile's SpinLoading would bring its animation library. */}
      <span className="page-status-spinner" aria-hidden="true" />
      <div className="page-status-text">{text}</div>
    </div>
  );
}

export function PageError({
  message = '加载失败',
  onRetry,
}: {
  message?: string;
  onRetry?: () => void;
}) {
  return (
    <div className="page-status" role="alert" data-testid="page-error">
      <AlertCircleIcon className="page-status-icon page-status-icon-error" />
      <div className="page-status-text">{message}</div>
      {onRetry && (
        <Button size="small" color="primary" fill="outline" onClick={onRetry} data-testid="retry">
          重新加载
        </Button>
      )}
    </div>
  );
}

export function PageEmpty({
  text = '暂无内容',
  children,
}: {
  text?: string;
  children?: ReactNode;
}) {
  return (
    <div className="page-status" data-testid="page-empty">
      <FileIcon className="page-status-icon" />
      <div className="page-status-text">{text}</div>
      {children}
    </div>
  );
}
