import { App, Form, Input, Modal } from 'antd';
import { StaffMobileApply } from '@pcb/contract/staff-mobile-apply';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useRejectMobileApply } from '../api/reject-mobile-apply';

/** Rejecting needs a reason: the member reads it. */
export function RejectModal({
  applyId,
  onClose,
  onDone,
}: {
  applyId: number;
  onClose: () => void;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const reject = useRejectMobileApply();
  const { form, item, refuse } = useSchemaForm(StaffMobileApply.Reject.input);

  const submit = async ({ reason }: { reason: string }) => {
    await reject.mutateAsync({ id: applyId, reason });
    void message.success('已驳回，会员将看到驳回原因');
    onDone();
  };

  return (
    <Modal
      title="驳回申请"
      open
      okText="驳回"
      okButtonProps={{ danger: true, loading: reject.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" onFinish={(values) => submit(values).catch(refuse)}>
        <Form.Item {...item('reason')}>
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            placeholder="例如：身份证明材料不清晰，请重新上传"
            autoFocus
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
