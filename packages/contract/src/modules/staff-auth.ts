import { z } from 'zod';
import { okSchema, passwordSchema, text } from '../common';
import { defineModule, emptyInput } from '../define';
import { ANY_STAFF, staffSessionSchema } from './staff-common';

export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: '应为6位数字' })
  .meta({ title: '动态验证码' });

/** The password step passed; the second factor is next. Valid for a few minutes, once. */
const challengeSchema = text(128).min(1).meta({ title: '登录凭证' });

export const staffLoginResultSchema = z.discriminatedUnion('next', [
  /** No second factor for this account: the session has started. */
  z.object({ next: z.literal('done'), session: staffSessionSchema }),
  /** Enter the code of the authenticator app. */
  z.object({ next: z.literal('totp'), challenge: z.string() }),
  /** A role that requires a second factor, not enrolled yet: scan, then enter the first code. */
  z.object({
    next: z.literal('enrollTotp'),
    challenge: z.string(),
    secret: z.string(),
    otpauthUrl: z.string(),
  }),
]);
export type StaffLoginResult = z.infer<typeof staffLoginResultSchema>;

export const StaffAuth = defineModule('StaffAuth', {
  Login: {
    method: 'POST',
    summary: '员工登录第一步：用户名 + 密码；需要动态验证码的账号进入第二步',
    access: 'public',
    input: z.object({
      userName: text(64).trim().min(1).meta({ title: '用户名' }),
      password: text(128).min(1).meta({ title: '密码' }),
    }),
    output: staffLoginResultSchema,
  },
  VerifyTotp: {
    method: 'POST',
    summary: '员工登录第二步：动态验证码（同一验证码只能用一次）',
    access: 'public',
    input: z.object({ challenge: challengeSchema, code: totpCodeSchema }),
    output: staffSessionSchema,
  },
  EnrollTotp: {
    method: 'POST',
    summary: '首次登录绑定身份验证器：以第一个动态验证码确认',
    access: 'public',
    input: z.object({ challenge: challengeSchema, code: totpCodeSchema }),
    output: staffSessionSchema,
  },
  Me: {
    method: 'GET',
    summary: '当前员工会话（刷新页面后恢复）',
    access: 'staff',
    roles: ANY_STAFF,
    input: emptyInput,
    output: staffSessionSchema,
  },
  Logout: {
    method: 'POST',
    summary: '退出员工会话',
    access: 'staff',
    roles: ANY_STAFF,
    input: emptyInput,
    output: okSchema,
  },
  ChangePassword: {
    method: 'POST',
    summary: '修改自己的登录密码；其他会话失效',
    access: 'staff',
    roles: ANY_STAFF,
    input: z.object({
      oldPassword: text(128).min(1).meta({ title: '原密码' }),
      newPassword: passwordSchema.meta({ title: '新密码' }),
    }),
    output: okSchema,
  },
});
