import { ApiError } from '@pcb/client';

export const SMS_CODE_DEAD_MESSAGE = '验证码已失效，请重新获取';
export const SMS_CODE_WRONG_MESSAGE = '验证码错误或已过期，请核对或重新获取';

/**
 * Reads a refused submit for a problem with the SMS code. The server answers 400 with
 * `短信验证码错误或已过期` for a code it does not accept (wrong, or expired), and with
 * `验证码已过期或已使用，请重新获取` or `验证码错误次数过多，请重新获取` for a code that can
 * never be accepted again (`dead`).
 */
export function smsCodeProblem(error: unknown): { message: string; dead: boolean } | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const text = error.message;
  if (!text.includes('验证码')) return null;
  if (/已使用|次数过多/.test(text)) {
    return { message: text.includes('次数过多') ? text : SMS_CODE_DEAD_MESSAGE, dead: true };
  }
  if (/错误|过期/.test(text)) return { message: SMS_CODE_WRONG_MESSAGE, dead: false };
  return null;
}
