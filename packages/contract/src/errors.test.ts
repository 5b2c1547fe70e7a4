import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { api, formatIssue, maskMobile } from './index';

function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => formatIssue(issue, schema));
}

describe('validation messages', () => {
  it('names the field in Chinese', () => {
    const result = messages(api.MemberAuth.Register.input, {
      mobile: '23800138000',
      smsCode: '12345',
      password: 'abcdefgh',
      agreement: false,
    });
    expect(result).toEqual([
      '手机号：请输入以1开头的11位手机号',
      '短信验证码：应为6位数字',
      '密码：需包含数字',
      '会员协议：请阅读并同意会员协议',
    ]);
  });

  it('says a missing field cannot be empty', () => {
    const result = messages(api.MemberAuth.Login.input, { password: 'x' });
    expect(result).toContain('账号：不能为空');
    expect(result).toContain('人机验证：不能为空');
  });

  it('names a field by its own schema, so one wire name can mean two things', () => {
    expect(messages(api.MemberInfo.ChangeMobile.input, { mobile: '2', smsCode: '1' })[0]).toBe(
      '新手机号：请输入以1开头的11位手机号',
    );
    expect(messages(api.MemberAuth.SmsLogin.input, { mobile: '2', smsCode: '1' })[0]).toBe(
      '手机号：请输入以1开头的11位手机号',
    );
    expect(
      messages(api.MemberAuth.Login.input, {
        userNameOrMobile: 'a',
        password: 'x',
        ncVerifyDto: { provider: 'altcha', token: '' },
      }),
    ).toEqual(['验证结果：不能为空']);
  });
});

describe('mobile', () => {
  it('accepts 11 digits starting with 1 only', () => {
    const schema = api.MemberAuth.SendRegisterMessage.input.shape.mobile;
    expect(schema.safeParse('13800138000').success).toBe(true);
    expect(schema.safeParse('1380013800').success).toBe(false);
    expect(schema.safeParse('23800138000').success).toBe(false);
    expect(schema.safeParse('138001380001').success).toBe(false);
  });

  it('masks the middle four digits', () => {
    expect(maskMobile('13800138000')).toBe('138****8000');
    expect(maskMobile('abc')).toBe('abc');
  });
});

describe('GUID', () => {
  it('accepts the N, D, B and P formats', () => {
    const schema = api.CKInfo.Add.input.shape.GUID;
    const hex = '0123456789abcdef0123456789abcdef';
    const d = '01234567-89ab-cdef-0123-456789abcdef';
    for (const g of [hex, d, `{${d}}`, `(${d})`]) expect(schema.safeParse(g).success).toBe(true);
    for (const g of [hex.slice(1), `{${d}`, 'z'.repeat(32)])
      expect(schema.safeParse(g).success).toBe(false);
  });
});
