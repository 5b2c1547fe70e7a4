import { App, Button, Descriptions, Form, Input, Space, Tag } from 'antd';
import { StaffAuth } from '@pcb/contract/staff-auth';
import { staffRoleNames } from '@pcb/contract/staff-common';
import { PageSection } from '../../../components/page-section';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { useStaff } from '../../../lib/staff-session';
import { useChangePassword } from '../api/change-password';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** Who is logged in, and their own password. */
export default function MyAccountPage() {
  const staff = useStaff();
  const { message } = App.useApp();
  const changePassword = useChangePassword();
  const { form, item, refuse } = useSchemaForm<
    typeof StaffAuth.ChangePassword.input,
    PasswordValues
  >(StaffAuth.ChangePassword.input);

  const submit = async ({ oldPassword, newPassword }: PasswordValues) => {
    await changePassword.mutateAsync({ oldPassword, newPassword });
    form.resetFields();
    void message.success('密码已修改，其他设备上的登录已失效');
  };

  return (
    <Space orientation="vertical" size={24} style={{ width: '100%' }}>
      <PageSection title="我的账号">
        <Descriptions column={2} bordered size="middle">
          <Descriptions.Item label="用户名">{staff.userName}</Descriptions.Item>
          <Descriptions.Item label="姓名">{staff.realName}</Descriptions.Item>
          <Descriptions.Item label="角色">
            {staff.roles.map((role) => (
              <Tag key={role}>{staffRoleNames[role]}</Tag>
            ))}
          </Descriptions.Item>
          <Descriptions.Item label="动态验证码">
            {staff.totpEnabled ? <Tag color="green">已绑定</Tag> : <Tag>未绑定</Tag>}
          </Descriptions.Item>
        </Descriptions>
      </PageSection>
      <PageSection title="修改密码">
        <Form
          form={form}
          layout="vertical"
          style={{ maxWidth: 400 }}
          onFinish={(values) => submit(values).catch(refuse)}
        >
          <Form.Item {...item('oldPassword')}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item {...item('newPassword')} extra="8-32位，需包含字母和数字">
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirm"
            label="确认新密码"
            dependencies={['newPassword']}
            required
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value) => {
                  if (value !== getFieldValue('newPassword'))
                    throw new Error('两次输入的密码不一致');
                },
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={changePassword.isPending}>
            修改密码
          </Button>
        </Form>
      </PageSection>
    </Space>
  );
}
