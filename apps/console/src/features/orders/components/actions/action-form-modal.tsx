import type { ReactNode } from 'react';
import { App, type FormInstance } from 'antd';
import { FormModal } from '../../../../components/form/form-modal';
import { refreshOnConflict } from '../../api/desk-queries';

/**
 * One staff action of the order desk as a form in a dialog: OK validates the fields (the
 * children, built with `useSchemaForm`'s `item`), turns the values into the endpoint's input
 * and sends it; done, a toast and the dialog closes with its form reset. A refusal shows under
 * its field or as a toast, and a 409 (the order moved meanwhile) refreshes the desk first. The
 * OK button spins while the call (or `busy` work, an upload) runs.
 */
export function ActionFormModal<V, I>({
  title,
  okText,
  width,
  schemaForm,
  mutation,
  toInput,
  success,
  busy = false,
  initialValues,
  onClose,
  children,
}: {
  title: ReactNode;
  okText: string;
  width?: number;
  /** `useSchemaForm`'s form and its `refuse`. */
  schemaForm: { form: FormInstance<V>; refuse: (error: unknown) => void };
  mutation: { mutateAsync: (input: I) => Promise<unknown>; isPending: boolean };
  /** The endpoint's input from the form's values; null sends nothing (the caller said why). */
  toInput: (values: V) => I | null;
  /** The toast once it is done. */
  success: string | ((values: V) => string);
  busy?: boolean;
  initialValues?: Partial<V>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { message } = App.useApp();
  const { form, refuse } = schemaForm;

  const close = () => {
    form.resetFields();
    onClose();
  };

  const submit = async (values: V) => {
    const input = toInput(values);
    if (input === null) return;
    await mutation.mutateAsync(input);
    void message.success(typeof success === 'function' ? success(values) : success);
    close();
  };

  return (
    <FormModal<V>
      title={title}
      okText={okText}
      width={width}
      pending={mutation.isPending || busy}
      form={form}
      refuse={(error) => {
        refreshOnConflict(error);
        refuse(error);
      }}
      onSubmit={submit}
      onClose={close}
      initialValues={initialValues}
    >
      {children}
    </FormModal>
  );
}
