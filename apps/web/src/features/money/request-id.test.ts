import { describe, expect, it } from 'vitest';
import { ApiError } from '@pcb/client';
import { Attempts, isRefusal, newRequestId } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

describe('request ids: one per attempt', () => {
  it('is a uuid the contract takes', () => {
    expect(newRequestId()).toMatch(UUID);
    expect(newRequestId()).not.toBe(newRequestId());
  });

  it('keeps the id while answers are lost, so a retry finds the first answer', () => {
    const attempts = new Attempts();
    const first = attempts.idFor('balance:');
    attempts.settle(new ApiError(0, '网络异常'));
    expect(attempts.idFor('balance:')).toBe(first);
    attempts.settle(new ApiError(502, '服务器繁忙'));
    expect(attempts.idFor('balance:')).toBe(first);
  });

  it('starts a new attempt after any answer, or when something else is asked', () => {
    const attempts = new Attempts();
    const first = attempts.idFor('balance:');
    attempts.settle(new ApiError(400, '支付密码错误，还可尝试4次', { field: 'paymentPassword' }));
    const second = attempts.idFor('balance:');
    expect(second).not.toBe(first);
    expect(attempts.idFor('online:alipay')).not.toBe(second);
    const third = attempts.idFor('online:alipay');
    attempts.answered();
    expect(attempts.idFor('online:alipay')).not.toBe(third);
  });

  it('tells a refusal from a lost answer or a throttle', () => {
    expect(isRefusal(new ApiError(404, '支付单不存在'))).toBe(true);
    expect(isRefusal(new ApiError(403, '无权查看'))).toBe(true);
    expect(isRefusal(new ApiError(0, '网络异常'))).toBe(false);
    expect(isRefusal(new ApiError(503, '服务器繁忙'))).toBe(false);
    expect(isRefusal(new ApiError(429, '操作太频繁'))).toBe(false);
    expect(isRefusal(null)).toBe(false);
  });
});
