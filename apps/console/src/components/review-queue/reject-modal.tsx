import { App, Button, Flex, Form, Input } from 'antd';
import { z } from 'zod';
import { REJECT_REASON_MAX, rejectReasonSchema } from '@pcb/contract/review-queue';
import { FormModal } from '../form/form-modal';
import { useSchemaForm } from '../form/use-schema-form';

const rejectForm = z.object({ reason: rejectReasonSchema });

/**
 * Rejecting needs a reason, which the member reads (decision 0041): typed, or a preset of the
 * queue's common reasons put in the box to be sent as it is or edited first.
 */
export function RejectModal({
  title,
  presets,
  placeholder,
  pending,
  onReject,
  onClose,
}: {
  title: string;
  /** The queue's common reasons. */
  presets: readonly string[];
  placeholder: string;
  pending: boolean;
  onReject: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const { form, item, refuse } = useSchemaForm(rejectForm);

  const submit = async ({ reason }: { reason: string }) => {
    await onReject(reason.trim());
    void message.success('已驳回，会员将看到驳回原因');
    onClose();
  };

  const fillWith = (reason: string) => {
    form.setFieldsValue({ reason });
    void form.validateFields(['reason']).catch(() => undefined);
  };

  return (
    <FormModal
      title={title}
      okText="驳回"
      danger
      pending={pending}
      form={form}
      refuse={refuse}
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
          maxLength={REJECT_REASON_MAX}
          showCount
          placeholder={placeholder}
          autoFocus
        />
      </Form.Item>
    </FormModal>
  );
}
