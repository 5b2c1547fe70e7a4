import { useState } from 'react';
import { Button, Popup } from 'antd-mobile';
import type { MemberOrderDetail } from '@pcb/contract';
import { errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { useUpdateFile } from '../api/update-file';
import { actionLabel } from '../order-actions';
import { OrderFileUpload, type UploadedOrderFile } from './order-file-upload';

/**
 * 更换文件: the new file uploaded in two steps as on the order page, then `UpdateFile`; the
 * order goes back to 待审核.
 */
export default function ReplaceFileSheet({
  order,
  visible,
  onClose,
}: {
  order: MemberOrderDetail;
  visible: boolean;
  onClose: () => void;
}) {
  const [file, setFile] = useState<UploadedOrderFile | null>(null);
  const update = useUpdateFile(order.kind);

  const close = () => {
    onClose();
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
    <Popup
      visible={visible}
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
  );
}
