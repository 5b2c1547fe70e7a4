import { changePaymentPasswordInputSchema } from '@pcb/contract';
import { required, withConfirmation } from '../../components/form/form-schema';

/**
 * The payment password form: the contract's rules (6-digit code, 6-digit password), then the
 * second entry must repeat the first.
 */
export const paymentPasswordSchema = withConfirmation(
  changePaymentPasswordInputSchema.extend({
    password: required('请输入6位数字支付密码', changePaymentPasswordInputSchema.shape.password),
  }),
  { empty: '请再次输入支付密码', mismatch: '两次输入的支付密码不一致' },
);
