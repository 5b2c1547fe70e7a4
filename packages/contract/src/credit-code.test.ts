import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, creditCodeSchema, isValidCreditCode } from './credit-code';

describe('unified social credit code (GB 32100-2015)', () => {
  // Real-format codes: the standard's own example, and enterprise / public-institution codes.
  const valid = [
    '91350100M000100Y43',
    '91110108551385082Q',
    '91440300708461136T',
    '91310000MA1FL5KX54',
    '91440300MA5G0XW2AB',
    '121000004000003980',
  ];

  it.each(valid)('accepts %s', (code) => {
    expect(isValidCreditCode(code)).toBe(true);
  });

  it('computes the check character, 0 when the remainder is 0', () => {
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
    expect(creditCodeCheckChar('12100000400000398')).toBe('0');
  });

  it.each([
    ['a wrong check character', '91350100M000100Y44'],
    ['17 characters', '91350100M000100Y4'],
    ['19 characters', '91350100M000100Y433'],
    ['a letter outside the charset (I)', '91350100MI00100Y43'],
    ['a letter in the area code', '913501A0M000100Y43'],
    ['lower case', '91350100m000100y43'],
    ['empty', ''],
  ])('refuses %s', (_, code) => {
    expect(isValidCreditCode(code)).toBe(false);
  });

  it('the schema trims and upper-cases before checking, and names the field', () => {
    expect(creditCodeSchema.parse(' 91350100m000100y43 ')).toBe('91350100M000100Y43');
    const result = creditCodeSchema.safeParse('91350100M000100Y44');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('请输入正确的18位统一社会信用代码');
    expect(creditCodeSchema.meta()?.title).toBe('统一社会信用代码');
  });
});
