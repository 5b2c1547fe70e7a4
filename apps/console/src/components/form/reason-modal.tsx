import { App, Button, Flex, Form, Input } from 'antd';
import { z } from 'zod';
import { FormModal } from './form-modal';
import { useSchemaForm } from './use-schema-form';

/**
 * A decision that needs a reason the member reads (a rejection, a cancellation): typed, or one
 * of the common reasons put in the box to be sent as it is or edited first. `reason` is the
 * endpoint's own field schema, so the box checks what the server will.
 */
export function ReasonModal({
  title,
  okText,
  success,
  reason,
  maxLength,
  presets,
  placeholder,
  pending,
  onSubmit,
  onRefused,
  onClose,
}: {
  title: string;
  okText: string;
  /** The toast once it is done. */
  success: string;
  reason: z.ZodString;
  maxLength: number;
  /** The common reasons. */
  presets: readonly string[];
  placeholder: string;
  pending: boolean;
  onSubmit: (reason: string) => Promise<unknown>;
  /** Told of a refusal before it is shown (the order desk refreshes on a 409). */
  onRefused?: (error: unknown) => void;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const { form, item, refuse } = useSchemaForm(z.object({ reason }));

  const submit = async (values: { reason: string }) => {
    await onSubmit(values.reason.trim());
    void message.success(success);
    onClose();
  };

  const fillWith = (preset: string) => {
    form.setFieldsValue({ reason: preset });
    void form.validateFields(['reason']).catch(() => undefined);
  };

  return (
    <FormModal
      title={title}
      okText={okText}
      danger
      pending={pending}
      form={form}
      refuse={(error) => {
        onRefused?.(error);
        refuse(error);
      }}
      onSubmit={submit}
      onClose={onClose}
    >
      {presets.length > 0 && (
        <Form.Item label="常用原因">
          <Flex wrap gap={8} role="group" aria-label="常用原因">
            {presets.map((preset) => (
              <Button key={preset} size="small" onClick={() => fillWith(preset)}>
                {preset}
              </Button>
            ))}
          </Flex>
        </Form.Item>
      )}
      <Form.Item {...item('reason')}>
        <Input.TextArea
          rows={3}
          maxLength={maxLength}
          showCount
          placeholder={placeholder}
          autoFocus
        />
      </Form.Item>
    </FormModal>
  );
}
