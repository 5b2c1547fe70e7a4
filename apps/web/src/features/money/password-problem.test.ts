import { describe, expect, it } from 'vitest';
import { ApiError } from '@pcb/client';
import { passwordProblemOf } from './password-problem';

describe('passwordProblemOf', () => {
  it('reads a refusal naming the password as wrong, in the server’s words', () => {
    expect(
      passwordProblemOf(
        new ApiError(400, '支付密码错误，还可尝试3次', { field: 'paymentPassword' }),
      ),
    ).toEqual({ type: 'wrong', message: '支付密码错误，还可尝试3次' });
  });

  it('reads a 429 as the lock, with its wait', () => {
    expect(
      passwordProblemOf(
        new ApiError(429, '支付密码错误次数过多，请30分钟后再试', {
          field: 'paymentPassword',
          retryAfterSeconds: 1800,
        }),
      ),
    ).toEqual({
      type: 'locked',
      message: '支付密码错误次数过多，请30分钟后再试',
      retryAfterSeconds: 1800,
    });
  });

  it('leaves every other refusal to the toast: another field, no field, no answer', () => {
    expect(
      passwordProblemOf(new ApiError(400, '余额不足：当前余额¥1.00', { field: 'method' })),
    ).toBeNull();
    expect(passwordProblemOf(new ApiError(400, '请求参数不正确'))).toBeNull();
    expect(passwordProblemOf(new ApiError(0, '网络异常，请检查网络后重试'))).toBeNull();
    expect(passwordProblemOf(new Error('boom'))).toBeNull();
  });
});
