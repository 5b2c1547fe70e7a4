import { App, Form, Input } from 'antd';
import { StaffMobileApply } from '@pcb/contract/staff-mobile-apply';
import { FormModal } from '../../../components/form/form-modal';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useRejectMobileApply } from '../api/reject-mobile-apply';

/** Rejecting needs a reason: the member reads it. */
export function RejectModal({ applyId, onClose }: { applyId: number; onClose: () => void }) {
  const { message } = App.useApp();
  const reject = useRejectMobileApply();
  const { form, item, refuse } = useSchemaForm(StaffMobileApply.Reject.input);

  const submit = async ({ reason }: { reason: string }) => {
    await reject.mutateAsync({ id: applyId, reason });
    void message.success('已驳回，会员将看到驳回原因');
    onClose();
  };

  return (
    <FormModal
      title="驳回申请"
      okText="驳回"
      danger
      pending={reject.isPending}
      form={form}
      refuse={refuse}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item {...item('reason')}>
        <Input.TextArea
          rows={3}
          maxLength={200}
          showCount
          placeholder="例如：身份证明材料不清晰，请重新上传"
          autoFocus
        />
      </Form.Item>
    </FormModal>
  );
}
