import { z } from 'zod';
import { required } from '../../components/form/form-schema';

/**
 * Account (mobile or user name) and password as an endpoint's input checks them, with the
 * words a member reads when one is left empty.
 */
export function accountPasswordSchema(shape: {
  userNameOrMobile: z.ZodType<string, string>;
  password: z.ZodType<string, string>;
}) {
  return z.object({
    userNameOrMobile: required('请输入手机号或用户名', shape.userNameOrMobile),
    password: required('请输入密码', shape.password),
  });
}
