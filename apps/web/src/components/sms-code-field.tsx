import { Input } from 'antd-mobile';
import { SMS_CODE_LENGTH } from '@pcb/contract';
import { FormField } from './form-field';
import { SmsCodeButton, type SmsCodeSender } from './sms-code-button';

/** The 验证码 row: a digits-only code input with the 获取验证码 button beside it. */
export function SmsCodeField({
  id,
  value,
  onChange,
  error,
  sender,
  onSend,
  sendTestId,
}: {
  /** Both the element id and the data-testid of the input. */
  id: string;
  value: string;
  onChange: (digits: string) => void;
  error: string | undefined;
  sender: SmsCodeSender;
  onSend: () => void;
  sendTestId: string;
}) {
  return (
    <FormField
      label="验证码"
      htmlFor={id}
      error={error}
      extra={<SmsCodeButton sender={sender} onClick={onSend} testId={sendTestId} />}
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
  );
}
