import { Input } from 'antd-mobile';
import type { FieldPathByValue, FieldValues } from 'react-hook-form';
import { SMS_CODE_LENGTH } from '@pcb/contract';
import { FormField } from './form-field';
import { SmsCodeButton } from './sms-code-button';
import { HumanVerification } from './captcha/human-verification';
import type { SmsCodeForm } from './form/use-sms-code-form';
import { useFormField, type FieldHost } from './form/use-form-field';

/**
 * The 验证码 rows of an SMS-code form: the human verification that sending needs, then a
 * digits-only input with 获取验证码 beside it.
 */
export function SmsCodeField<T extends FieldValues & { smsCode: string }>({
  form,
  id,
  send,
  sendTestId,
}: {
  form: FieldHost<T> & Pick<SmsCodeForm<T, unknown>, 'sms' | 'sendCode' | 'verification'>;
  /** Both the element id and the data-testid of the input. */
  id: string;
  /** Sends a code to `to` (the form's `codeTo` field, if any). */
  send: Parameters<SmsCodeForm<T, unknown>['sendCode']>[0];
  sendTestId: string;
}) {
  const { value, onChange, error } = useFormField<T, string>(
    form,
    'smsCode' as FieldPathByValue<T, string>,
  );
  return (
    <>
      <div className="form-verify">
        <HumanVerification verification={form.verification} />
      </div>
      <FormField
        label="验证码"
        htmlFor={id}
        error={error}
        extra={
          <SmsCodeButton
            sender={form.sms}
            onClick={() => form.sendCode(send)}
            testId={sendTestId}
          />
        }
      >
        <Input
          id={id}
          data-testid={id}
          inputMode="numeric"
          value={value}
          onChange={(v) => onChange(v.replace(/\D/g, ''))}
          placeholder={`${SMS_CODE_LENGTH}位验证码`}
          autoComplete="one-time-code"
          maxLength={SMS_CODE_LENGTH}
        />
      </FormField>
    </>
  );
}
