import { App, Form, Input, Radio } from 'antd';
import { StaffAccount, type StaffAccount as Account } from '@pcb/contract/staff-account';
import { FormModal } from '../../../components/form/form-modal';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useCreateStaffAccount } from '../api/create-staff-account';
import { useResetStaffPassword } from '../api/reset-staff-password';
import { useUpdateStaffAccount } from '../api/update-staff-account';
import { RoleSelect } from './role-select';

const PASSWORD_RULE = '8-32位，需包含字母和数字';

type CreateValues = Pick<Account, 'userName' | 'realName' | 'roles'> & { password: string };

export function CreateAccountModal({ onClose }: { onClose: () => void }) {
  const { message } = App.useApp();
  const create = useCreateStaffAccount();
  const { form, item, refuse } = useSchemaForm(StaffAccount.Create.input);

  const submit = async (values: CreateValues) => {
    const account = await create.mutateAsync(values);
    void message.success(`已创建员工账号 ${account.userName}，请告知初始密码并提醒其修改`);
    onClose();
  };

  return (
    <FormModal
      title="新建员工账号"
      okText="创建"
      pending={create.isPending}
      form={form}
      refuse={refuse}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item {...item('userName')} extra="登录用，创建后不能修改">
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item {...item('realName')}>
        <Input />
      </Form.Item>
      <Form.Item {...item('roles')}>
        <RoleSelect />
      </Form.Item>
      <Form.Item {...item('password')} extra={PASSWORD_RULE}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}

type EditValues = Pick<Account, 'realName' | 'roles' | 'status'>;

export function EditAccountModal({ account, onClose }: { account: Account; onClose: () => void }) {
  const { message } = App.useApp();
  const update = useUpdateStaffAccount();
  const { form, item, refuse } = useSchemaForm(StaffAccount.Update.input);

  const submit = async (values: EditValues) => {
    await update.mutateAsync({ id: account.id, ...values });
    void message.success('已保存');
    onClose();
  };

  return (
    <FormModal
      title={`编辑员工账号 ${account.userName}`}
      okText="保存"
      pending={update.isPending}
      form={form}
      refuse={refuse}
      onSubmit={submit}
      onClose={onClose}
      initialValues={{ realName: account.realName, roles: account.roles, status: account.status }}
    >
      <Form.Item {...item('realName')}>
        <Input />
      </Form.Item>
      <Form.Item {...item('roles')}>
        <RoleSelect />
      </Form.Item>
      <Form.Item {...item('status')} extra="停用后该员工立即退出登录，且不能再登录">
        <Radio.Group
          options={[
            { value: 'active', label: '正常' },
            { value: 'disabled', label: '停用' },
          ]}
        />
      </Form.Item>
    </FormModal>
  );
}

export function ResetPasswordModal({
  account,
  onClose,
}: {
  account: Account;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const reset = useResetStaffPassword();
  const { form, item, refuse } = useSchemaForm(StaffAccount.ResetPassword.input);

  const submit = async ({ password }: { password: string }) => {
    await reset.mutateAsync({ id: account.id, password });
    void message.success(`已重置 ${account.realName} 的密码，其登录已结束`);
    onClose();
  };

  return (
    <FormModal
      title={`重置密码：${account.realName}（${account.userName}）`}
      okText="重置"
      danger
      pending={reset.isPending}
      form={form}
      refuse={refuse}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item {...item('password')} extra={`${PASSWORD_RULE}；该员工的登录会结束`}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
