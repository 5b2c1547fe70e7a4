import type { ReactNode } from 'react';
import { Form, Modal, type FormInstance } from 'antd';

/**
 * A form in a dialog: OK submits it (validation first), a failed submit shows as
 * `useSchemaForm`'s `refuse` says, and the OK button spins while the call runs.
 */
export function FormModal<V>({
  title,
  okText,
  danger = false,
  pending,
  form,
  refuse,
  onSubmit,
  onClose,
  initialValues,
  width,
  children,
}: {
  title: ReactNode;
  okText: string;
  danger?: boolean;
  pending: boolean;
  form: FormInstance<V>;
  refuse: (error: unknown) => void;
  onSubmit: (values: V) => Promise<unknown>;
  onClose: () => void;
  initialValues?: Partial<V>;
  width?: number;
  children: ReactNode;
}) {
  return (
    <Modal
      title={title}
      open
      width={width}
      okText={okText}
      okButtonProps={{ danger, loading: pending }}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<V>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => onSubmit(values).catch(refuse)}
      >
        {children}
      </Form>
    </Modal>
  );
}
