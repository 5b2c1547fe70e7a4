import { ApiError } from '@pcb/client';

/**
 * What a refused payment says about the payment password, in the server's own words: wrong
 * (with the tries left, as the server counts them) or locked (for how long).
 */
export type PasswordProblem =
  | { type: 'wrong'; message: string }
  | { type: 'locked'; message: string; retryAfterSeconds: number | null }
  | null;

export function passwordProblemOf(error: unknown): PasswordProblem {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 429 || error.status === 423) {
    return {
      type: 'locked',
      message: error.message || '支付密码错误次数过多，已暂时锁定',
      retryAfterSeconds: error.retryAfterSeconds,
    };
  }
  // The server's payment-password check names its field; every other refusal of a payment
  // names another (`method`, `channel`) or none, and is shown as a toast.
  if (error.field === 'paymentPassword') {
    return { type: 'wrong', message: error.message || '支付密码错误' };
  }
  return null;
}
