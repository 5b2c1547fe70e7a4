import { useState } from 'react';
import { Button, Popup } from 'antd-mobile';
import type { MemberOrderDetail } from '@pcb/contract';
import { errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { useUpdateFile } from '../api/update-file';
import { actionLabel } from '../order-actions';
import { OrderFileUpload, type UploadedOrderFile } from './order-file-upload';

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
  const [file, setFile] = useState<UploadedOrderFile | null>(null);
  const update = useUpdateFile(order.kind);

  const close = () => {
    setReplacing(false);
    setFile(null);
  };
  const save = async () => {
    if (!file) return;
    try {
      await update.mutateAsync({ id: order.id, fileUrl: file.key, fileName: file.name });
      showSuccess('文件已更换，订单将重新审核');
      close();
    } catch (error) {
      showFail(errorMessage(error, '更换失败，请稍后重试'));
    }
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
            onClick={() => setReplacing(true)}
            data-testid="order-file-replace"
          >
            {actionLabel('updateFile')}
          </Button>
        )}
      </div>
      <Popup
        visible={replacing}
        onMaskClick={close}
        onClose={close}
        bodyClassName="ol-sheet"
        destroyOnClose
      >
        <h2 className="ol-sheet-title">{actionLabel('updateFile')}</h2>
        <p className="ol-hint">更换后订单回到待审核，工程师按新文件重新审核。</p>
        <OrderFileUpload kind={order.kind} initialFile={null} keep={false} onChange={setFile} />
        <div className="ol-sheet-actions">
          <Button shape="rounded" onClick={close}>
            取消
          </Button>
          <Button
            shape="rounded"
            color="primary"
            disabled={!file}
            loading={update.isPending}
            onClick={() => void save()}
            data-testid="order-file-save"
          >
            确认更换
          </Button>
        </div>
      </Popup>
    </section>
  );
}
