import { App, Form, Input } from 'antd';
import { z } from 'zod';
import { orderActions } from '@pcb/contract';
import { StaffOrder, type StaffOrderDetail } from '@pcb/contract/staff-order';
import { FormModal } from '../../../../components/form/form-modal';
import { useSchemaForm } from '../../../../components/form/use-schema-form';
import { useCompleteOrder } from '../../api/complete-order';
import { refreshOnConflict } from '../../api/desk-queries';
import { usePassOrder } from '../../api/pass-order';
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
  const { message } = App.useApp();
  const pass = usePassOrder();
  const complete = useCompleteOrder();
  const mutation = action === 'pass' ? pass : complete;
  const { form, item, refuse } = useSchemaForm(noteForm);

  const submit = async ({ note }: { note?: string }) => {
    await mutation.mutateAsync({ id: detail.id, note: note?.trim() || undefined });
    void message.success(texts[action].success);
    onClose();
  };

  return (
    <FormModal
      title={`${orderActions[action].label}：${detail.orderNo}`}
      okText={orderActions[action].label}
      pending={mutation.isPending}
      form={form}
      refuse={(error) => {
        refreshOnConflict(error);
        refuse(error);
      }}
      onSubmit={submit}
      onClose={onClose}
    >
      <StatusMove action={action} from={detail.status} extra={texts[action].extra} />
      <Form.Item {...item('note')} extra="选填，记入处理记录">
        <Input.TextArea rows={2} maxLength={200} showCount />
      </Form.Item>
    </FormModal>
  );
}
