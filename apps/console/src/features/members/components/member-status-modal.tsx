import { App, Form, Input, Typography } from 'antd';
import { StaffMember } from '@pcb/contract/staff-member';
import { FormModal } from '../../../components/form/form-modal';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useSetMemberStatus } from '../api/set-member-status';

/** Disable or enable a member, with the reason the audit log keeps. */
export function MemberStatusModal({
  memberId,
  status,
  onClose,
}: {
  memberId: number;
  /** The status to set. */
  status: 'active' | 'disabled';
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const setStatus = useSetMemberStatus();
  const { form, item, refuse } = useSchemaForm(StaffMember.SetStatus.input);
  const disabling = status === 'disabled';

  const submit = async ({ reason }: { reason: string }) => {
    await setStatus.mutateAsync({ id: memberId, status, reason });
    void message.success(disabling ? '已停用，该会员的登录已全部结束' : '已启用');
    onClose();
  };

  return (
    <FormModal
      title={disabling ? '停用会员' : '启用会员'}
      okText={disabling ? '停用' : '启用'}
      danger={disabling}
      pending={setStatus.isPending}
      form={form}
      refuse={refuse}
      onSubmit={submit}
      onClose={onClose}
    >
      {disabling && (
        <Typography.Paragraph type="warning">
          停用后该会员不能登录，已登录的设备会立即退出。
        </Typography.Paragraph>
      )}
      <Form.Item {...item('reason')}>
        <Input.TextArea rows={3} maxLength={200} showCount placeholder="将记入审计日志" />
      </Form.Item>
    </FormModal>
  );
}
