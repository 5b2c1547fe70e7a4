import { describe, expect, it } from 'vitest';
import { schemaErrors } from '../../test/schema-errors';
import { paymentPasswordSchema } from './payment-password-rules';

const paymentPasswordErrors = (values: object) => schemaErrors(paymentPasswordSchema, values);

const valid = { mobile: '13800138000', smsCode: '123456', password: '385917', confirm: '385917' };

describe('payment password form rules', () => {
  it('accepts a 6-digit code and a 6-digit password entered twice alike', () => {
    expect(paymentPasswordErrors(valid)).toEqual({});
  });
  it('wants exactly 6 digits', () => {
    expect(paymentPasswordErrors({ ...valid, password: '38591', confirm: '38591' }).password).toBe(
      '应为6位数字',
    );
    expect(
      paymentPasswordErrors({ ...valid, password: '38591a', confirm: '38591a' }).password,
    ).toBe('应为6位数字');
    expect(paymentPasswordErrors({ ...valid, password: '', confirm: '' })).toMatchObject({
      password: '请输入6位数字支付密码',
      confirm: '请再次输入支付密码',
    });
  });
  it('wants the second entry to repeat the first', () => {
    expect(paymentPasswordErrors({ ...valid, confirm: '385918' }).confirm).toBe(
      '两次输入的支付密码不一致',
    );
  });
  it('wants the 6-digit SMS code', () => {
    expect(paymentPasswordErrors({ ...valid, smsCode: '12345' }).smsCode).toBe('应为6位数字');
  });
});
