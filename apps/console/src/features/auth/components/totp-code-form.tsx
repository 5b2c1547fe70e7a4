import { Button, Form, Input } from 'antd';
import { z } from 'zod';
import { totpCodeSchema } from '@pcb/contract/staff-auth';
import { useSchemaForm } from '../../../components/form/use-schema-form';

const codeFormSchema = z.object({ code: totpCodeSchema });

/** Six digits from the authenticator app; a refusal (wrong, used or expired) under the field. */
export function TotpCodeForm({
  submitLabel,
  pending,
  onSubmit,
}: {
  submitLabel: string;
  pending: boolean;
  onSubmit: (code: string) => Promise<unknown>;
}) {
  const { form, item, refuse } = useSchemaForm(codeFormSchema);
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={({ code }) => onSubmit(code.trim()).catch(refuse)}
    >
      <Form.Item {...item('code')} validateTrigger="onSubmit">
        <Input
          size="large"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="6位数字"
          autoFocus
          style={{ letterSpacing: '0.3em' }}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={pending}>
        {submitLabel}
      </Button>
    </Form>
  );
}
