import { Input } from 'antd-mobile';
import type { FieldPathByValue, FieldValues } from 'react-hook-form';
import { MOBILE_PATTERN, maskMobile } from '@pcb/contract';
import { FormField } from './form-field';
import { useFormField, type FieldHost } from './form/use-form-field';

/**
 * An 11-digit mobile-number row of a form; keeps the digits only. `fixed` shows the number
 * masked instead (the member's own, which the form sends as it is).
 */
export function MobileField<T extends FieldValues>({
  form,
  name,
  id,
  label = '手机号',
  placeholder,
  sendHint = false,
  fixed = false,
}: {
  form: FieldHost<T>;
  name: FieldPathByValue<T, string>;
  /** Both the element id and the data-testid. */
  id: string;
  label?: string;
  placeholder?: string;
  /** Names the (masked) number a code will go to, once it is a valid one. */
  sendHint?: boolean;
  fixed?: boolean;
}) {
  const { value, onChange, checkOnBlur, error } = useFormField<T, string>(form, name);
  if (fixed) {
    return (
      <FormField label={label} error={error}>
        <span className="form-field-value" data-testid={id}>
          {maskMobile(value)}
        </span>
      </FormField>
    );
  }
  const hint =
    sendHint && MOBILE_PATTERN.test(value) ? `验证码将发送至 ${maskMobile(value)}` : undefined;
  return (
    <FormField label={label} htmlFor={id} error={error} hint={hint}>
      <Input
        id={id}
        data-testid={id}
        type="tel"
        inputMode="numeric"
        value={value}
        onChange={(v) => onChange(v.replace(/\D/g, ''))}
        onBlur={checkOnBlur}
        placeholder={placeholder}
        autoComplete="tel"
        maxLength={11}
        clearable
      />
    </FormField>
  );
}
