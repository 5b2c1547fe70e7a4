import { App, Form, Input } from 'antd';
import {
  StaffCompanyDirectory,
  type DirectoryCompany,
} from '@pcb/contract/staff-company-directory';
import { FormModal } from '../../../components/form/form-modal';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useCreateCompany, useUpdateCompany } from '../api/save-company';

interface Values {
  name: string;
  creditCode: string;
}

const schema = StaffCompanyDirectory.Create.input;

/** Add a company to the directory, or correct one's name or unified social credit code. */
export function CompanyFormModal({
  editing,
  onClose,
}: {
  editing: DirectoryCompany | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const create = useCreateCompany();
  const update = useUpdateCompany();
  const { form, item, refuse } = useSchemaForm<typeof schema, Values>(schema);

  const submit = async (values: Values) => {
    const input = { name: values.name, creditCode: values.creditCode };
    if (editing) await update.mutateAsync({ id: editing.id, ...input });
    else await create.mutateAsync(input);
    void message.success(editing ? '已更正' : '已添加到名录');
    onClose();
  };

  return (
    <FormModal<Values>
      title={editing ? '更正公司信息' : '新增公司'}
      okText="保存"
      width={560}
      pending={create.isPending || update.isPending}
      form={form}
      refuse={refuse}
      onSubmit={submit}
      onClose={onClose}
      initialValues={editing ? { name: editing.name, creditCode: editing.creditCode } : {}}
    >
      <Form.Item {...item('name')} extra="营业执照上的公司全称">
        <Input maxLength={100} showCount />
      </Form.Item>
      <Form.Item {...item('creditCode')} extra="18位，保存时校验校验位">
        <Input maxLength={22} style={{ fontFamily: 'monospace' }} />
      </Form.Item>
    </FormModal>
  );
}
