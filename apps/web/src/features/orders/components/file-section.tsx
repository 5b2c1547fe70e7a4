import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd-mobile';
import type { MemberOrderDetail } from '@pcb/contract';
import { actionLabel } from '../order-actions';

// The sheet (antd-mobile's Popup, the upload) loads on the first 更换文件.
const ReplaceFileSheet = lazy(() => import('./replace-file-sheet'));

/**
 * The design file: download it, and replace it while the table allows (uploaded in two steps
 * as on the order page, then `UpdateFile`; the order goes back to 待审核).
 */
export function FileSection({
  order,
  canReplace,
}: {
  order: MemberOrderDetail;
  canReplace: boolean;
}) {
  const [replacing, setReplacing] = useState(false);
  const [opened, setOpened] = useState(false);
  const open = () => {
    setOpened(true);
    setReplacing(true);
  };

  return (
    <section className="ol-card" aria-label="设计文件" data-testid="order-file-section">
      <h2 className="ol-card-title">设计文件</h2>
      <p className="ol-file-name" data-testid="order-file-name">
        {order.fileName}
      </p>
      <div className="ol-row">
        {order.fileUrl ? (
          <a
            className="ol-button-link"
            href={order.fileUrl}
            download={order.fileName}
            rel="noopener"
            data-testid="order-file-download"
          >
            下载文件
          </a>
        ) : (
          <span className="ol-hint">文件暂不可下载</span>
        )}
        {canReplace && (
          <Button
            size="small"
            shape="rounded"
            color="primary"
            fill="outline"
            onClick={open}
            data-testid="order-file-replace"
          >
            {actionLabel('updateFile')}
          </Button>
        )}
      </div>
      {opened && (
        <Suspense fallback={null}>
          <ReplaceFileSheet order={order} visible={replacing} onClose={() => setReplacing(false)} />
        </Suspense>
      )}
    </section>
  );
}
