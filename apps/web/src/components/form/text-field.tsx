import type { ReactNode } from 'react';
import { Input } from 'antd-mobile';
import type { FieldPathByValue, FieldValues } from 'react-hook-form';
import { FormField } from '../form-field';
import { PasswordInput } from '../password-input';
import { useFormField, type FieldHost } from './use-form-field';

/** A labelled one-line input of a form; a password one has its visibility toggle. */
export function TextField<T extends FieldValues>({
  form,
  name,
  id,
  label,
  placeholder,
  autoComplete,
  password = false,
  hint,
}: {
  form: FieldHost<T>;
  name: FieldPathByValue<T, string>;
  /** Both the element id and the data-testid. */
  id: string;
  label: string;
  placeholder: string;
  autoComplete: string;
  password?: boolean;
  hint?: ReactNode;
}) {
  const { value, onChange, error } = useFormField<T, string>(form, name);
  const input = { id, value, onChange, placeholder };
  return (
    <FormField label={label} htmlFor={id} error={error} hint={hint}>
      {password ? (
        <PasswordInput {...input} autoComplete={autoComplete} />
      ) : (
        <Input {...input} data-testid={id} autoComplete={autoComplete} maxLength={64} clearable />
      )}
    </FormField>
  );
}
