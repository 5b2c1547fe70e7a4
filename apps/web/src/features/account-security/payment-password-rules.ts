import { changePaymentPasswordInputSchema } from '@pcb/contract';
import { fieldErrors } from '../../lib/form-errors';

export type PaymentPasswordField = 'smsCode' | 'password' | 'confirm';

/**
 * The payment password form: the contract's rules (6-digit code, 6-digit password), then the
 * second entry must repeat the first.
 */
export function paymentPasswordErrors(values: {
  mobile: string;
  smsCode: string;
  password: string;
  confirm: string;
}): Partial<Record<PaymentPasswordField, string>> {
  const parsed = changePaymentPasswordInputSchema.safeParse({
    mobile: values.mobile,
    smsCode: values.smsCode,
    password: values.password,
  });
  const errors = parsed.success
    ? {}
    : fieldErrors<PaymentPasswordField | 'mobile'>(parsed.error.issues);
  delete errors.mobile;
  if (!values.password) errors.password = '请输入6位数字支付密码';
  if (!values.confirm) errors.confirm = '请再次输入支付密码';
  else if (values.confirm !== values.password) errors.confirm = '两次输入的支付密码不一致';
  return errors;
}
