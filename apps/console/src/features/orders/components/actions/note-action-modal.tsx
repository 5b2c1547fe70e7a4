import { Form, Input } from 'antd';
import { z } from 'zod';
import { orderActions } from '@pcb/contract';
import { StaffOrder, type StaffOrderDetail } from '@pcb/contract/staff-order';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
import { useCompleteOrder } from '../../api/complete-order';
import { usePassOrder } from '../../api/pass-order';
import { ActionFormModal } from './action-form-modal';
import { StatusMove } from './status-move';

const noteForm = z.object({ note: StaffOrder.Pass.input.shape.note });

const texts = {
  pass: { success: '已审核通过，会员将收到付款通知', extra: '会员将收到通知' },
  complete: { success: '订单已完成', extra: '会员将收到通知' },
} as const;

/** 审核通过 or 完成订单: a confirmation with an optional note for the log. */
export function NoteActionModal({
  action,
  detail,
  onClose,
}: {
  action: 'pass' | 'complete';
  detail: StaffOrderDetail;
  onClose: () => void;
}) {
  const pass = usePassOrder();
  const complete = useCompleteOrder();
  const schemaForm = useSchemaForm(noteForm);

  return (
    <ActionFormModal
      title={`${orderActions[action].label}：${detail.orderNo}`}
      okText={orderActions[action].label}
      schemaForm={schemaForm}
      mutation={action === 'pass' ? pass : complete}
      toInput={({ note }) => ({ id: detail.id, note: note?.trim() || undefined })}
      success={texts[action].success}
      onClose={onClose}
    >
      <StatusMove action={action} from={detail.status} extra={texts[action].extra} />
      <Form.Item {...schemaForm.item('note')} extra="选填，记入处理记录">
        <Input.TextArea rows={2} maxLength={200} showCount />
      </Form.Item>
    </ActionFormModal>
  );
}
