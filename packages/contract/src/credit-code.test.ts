import { describe, expect, it } from 'vitest';
import {
  CREDIT_CODE_CHECK_MESSAGE,
  CREDIT_CODE_MESSAGE,
  creditCodeCheckChar,
  creditCodeSchema,
  isValidCreditCode,
} from './credit-code';

// Published codes (their licences are public): a check character that is a digit, and a letter.
const FUJIAN = '91350100M000100Y43';
const SHENZHEN = '9144030071526726XG';

describe('the unified social credit code (GB 32100-2015)', () => {
  it('computes the check character from the first 17', () => {
    expect(creditCodeCheckChar(FUJIAN.slice(0, 17))).toBe('3');
    expect(creditCodeCheckChar(SHENZHEN.slice(0, 17))).toBe('G');
    expect(creditCodeCheckChar('9144030071526726')).toBeNull();
    expect(creditCodeCheckChar('9144030071526726I')).toBeNull();
  });

  it('accepts valid codes and refuses a wrong check character, shape or charset', () => {
    expect(isValidCreditCode(FUJIAN)).toBe(true);
    expect(isValidCreditCode(SHENZHEN)).toBe(true);
    expect(isValidCreditCode('91350100M000100Y44')).toBe(false);
    expect(isValidCreditCode('9144030071526726XH')).toBe(false);
    // I, O, S, V, Z are never used; the division code is digits.
    expect(isValidCreditCode('91350100M000100O43')).toBe(false);
    expect(isValidCreditCode('913501A0M000100Y43')).toBe(false);
    expect(isValidCreditCode(FUJIAN.slice(0, 17))).toBe(false);
    expect(isValidCreditCode(`${FUJIAN}0`)).toBe(false);
  });

  it('as an input: spaces dropped, upper-cased, the reason named', () => {
    expect(creditCodeSchema.parse(' 91350100m000100y43 ')).toBe(FUJIAN);
    expect(creditCodeSchema.parse('9144 0300 7152 6726 XG')).toBe(SHENZHEN);
    const wrongCheck = creditCodeSchema.safeParse('91350100M000100Y44');
    expect(wrongCheck.success).toBe(false);
    expect(wrongCheck.error?.issues[0]?.message).toBe(CREDIT_CODE_CHECK_MESSAGE);
    const short = creditCodeSchema.safeParse('913501');
    expect(short.error?.issues[0]?.message).toBe(CREDIT_CODE_MESSAGE);
    expect(creditCodeSchema.safeParse('9135\u000000M000100Y43').success).toBe(false);
    expect(creditCodeSchema.safeParse('x'.repeat(100_001)).success).toBe(false);
  });
});
