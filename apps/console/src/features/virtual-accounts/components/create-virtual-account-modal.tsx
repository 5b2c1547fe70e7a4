import { App, Form, Input, InputNumber } from 'antd';
import { StaffVirtualAccount } from '@pcb/contract/staff-virtual-account';
import type { InputOf } from '@pcb/contract';
import { FormModal } from '../../../components/form/form-modal';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useCreateVirtualAccount } from '../api/create-virtual-account';

type Values = InputOf<typeof StaffVirtualAccount.Create>;

/** A member's dedicated account: the bank, the account name and its number (unique). */
export function CreateVirtualAccountModal({
  memberId,
  onClose,
}: {
  memberId: number | undefined;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const create = useCreateVirtualAccount();
  const { form, item, refuse } = useSchemaForm(StaffVirtualAccount.Create.input);

  const submit = async (values: Values) => {
    await create.mutateAsync(values);
    void message.success('虚拟账户已开设');
    onClose();
  };

  return (
    <FormModal<Values>
      title="开设虚拟账户"
      okText="开设"
      pending={create.isPending}
      form={form}
      refuse={refuse}
      onSubmit={submit}
      onClose={onClose}
      initialValues={memberId ? { memberId } : {}}
    >
      <Form.Item {...item('memberId')}>
        <InputNumber min={1} precision={0} style={{ width: '100%' }} placeholder="会员ID" />
      </Form.Item>
      <Form.Item {...item('bankName')}>
        <Input maxLength={64} placeholder="例如：招商银行深圳分行" />
      </Form.Item>
      <Form.Item {...item('accountName')}>
        <Input maxLength={128} placeholder="与银行登记的户名一致" />
      </Form.Item>
      <Form.Item {...item('accountNo')}>
        <Input maxLength={32} placeholder="8到32位数字" inputMode="numeric" />
      </Form.Item>
    </FormModal>
  );
}
