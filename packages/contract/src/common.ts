import { z } from 'zod';

/** Mainland mobile: 11 digits starting with 1 (spec section 5). */
export const MOBILE_PATTERN = /^1\d{10}$/;

export const mobileSchema = z
  .string()
  .trim()
  .regex(MOBILE_PATTERN, { error: '请输入以1开头的11位手机号' });

/** Kept first 3 and last 4 digits, middle shown as ****. */
export function maskMobile(mobile: string): string {
  if (!MOBILE_PATTERN.test(mobile)) return mobile;
  return `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;
/** Login password: 8–32 characters with at least a letter and a digit. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, { error: `至少${PASSWORD_MIN}位` })
  .max(PASSWORD_MAX, { error: `最多${PASSWORD_MAX}位` })
  .regex(/[A-Za-z]/, { error: '需包含字母' })
  .regex(/\d/, { error: '需包含数字' });

export const SMS_CODE_LENGTH = 6;
export const smsCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: '应为6位数字' });

export const ncVerifyDtoSchema = z.object({
  provider: z.enum(['altcha', 'aliyun']),
  token: z.string().min(1).max(16_384),
});
export type NcVerifyDto = z.infer<typeof ncVerifyDtoSchema>;

export const accessTokenSchema = z.object({ accessToken: z.string() });
export type AccessTokenResult = z.infer<typeof accessTokenSchema>;

/** Result of a call that sends an SMS code: wait this long before asking again. */
export const smsSentSchema = z.object({ resendAfterSeconds: z.number().int() });
export type SmsSent = z.infer<typeof smsSentSchema>;

export const okSchema = z.object({ ok: z.literal(true) });

/** Payment password: exactly 6 digits (confirms balance payments). */
export const paymentPasswordSchema = z.string().regex(/^\d{6}$/, { error: '应为6位数字' });

/** Mainland China only for now; the field exists because the spec's payload carries it. */
export const areaCodeSchema = z.literal('86', { error: '目前仅支持中国大陆手机号' }).default('86');

/**
 * The WeChat identity as the browser keeps it (local storage `wxOpenId`): WeChat's openid sealed
 * with the server's key, so knowing someone's openid is not enough to log in as them. Opaque to
 * the client; always longer than 20 characters.
 */
export const sealedOpenIdSchema = z.string().min(21, { error: '微信身份无效' }).max(512);
