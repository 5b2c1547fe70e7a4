import { App, Form, Input } from 'antd';
import { StaffCompanyApply } from '@pcb/contract/staff-company-apply';
import { FormModal } from '../../../components/form/form-modal';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useRejectCompanyApply } from '../api/reject-company-apply';

/** Rejecting needs a reason: the member reads it and corrects the application. */
export function RejectCompanyApplyModal({
  applyId,
  onClose,
}: {
  applyId: number;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const reject = useRejectCompanyApply();
  const { form, item, refuse } = useSchemaForm(StaffCompanyApply.Reject.input);

  const submit = async ({ reason }: { reason: string }) => {
    await reject.mutateAsync({ id: applyId, reason });
    void message.success('已驳回，会员将看到驳回原因');
    onClose();
  };

  return (
    <FormModal
      title="驳回企业认证"
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
          placeholder="例如：营业执照照片不清晰，请重新上传"
          autoFocus
        />
      </Form.Item>
    </FormModal>
  );
}
