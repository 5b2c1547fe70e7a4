import { Input } from 'antd-mobile';
import type { FieldPathByValue, FieldValues } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { useFormField, type FieldHost } from '../../../components/form/use-form-field';

/** A labelled one-line input of the profile form, sized to its column. */
export function InvoiceTextField<T extends FieldValues>({
  form,
  name,
  id,
  label,
  placeholder,
  maxLength,
  inputMode,
  autoComplete = 'off',
}: {
  form: FieldHost<T>;
  name: FieldPathByValue<T, string | undefined>;
  /** Both the element id and the data-testid. */
  id: string;
  label: string;
  placeholder: string;
  maxLength: number;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  autoComplete?: string;
}) {
  const { value, onChange, checkOnBlur, error } = useFormField<T, string | undefined>(form, name);
  return (
    <FormField label={label} htmlFor={id} error={error}>
      <Input
        id={id}
        data-testid={id}
        value={value ?? ''}
        onChange={onChange}
        onBlur={checkOnBlur}
        placeholder={placeholder}
        maxLength={maxLength}
        inputMode={inputMode}
        autoComplete={autoComplete}
        clearable
      />
    </FormField>
  );
}
