import type { ReactNode } from 'react';
import { Input } from 'antd-mobile';
import { FormField } from './form-field';

/** An 11-digit mobile-number row; `onChange` receives the digits only. */
export function MobileField({
  id,
  label = '手机号',
  value,
  onChange,
  onBlur,
  error,
  hint,
  placeholder,
}: {
  /** Both the element id and the data-testid. */
  id: string;
  label?: string;
  value: string;
  onChange: (digits: string) => void;
  onBlur?: () => void;
  error: string | undefined;
  hint?: ReactNode;
  placeholder: string;
}) {
  return (
    <FormField label={label} htmlFor={id} error={error} hint={hint}>
      <Input
        id={id}
        data-testid={id}
        type="tel"
        inputMode="numeric"
        value={value}
        onChange={(v) => onChange(v.replace(/\D/g, ''))}
        onBlur={onBlur}
        placeholder={placeholder}
        autoComplete="tel"
        maxLength={11}
        clearable
      />
    </FormField>
  );
}
