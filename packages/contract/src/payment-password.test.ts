import { describe, expect, it } from 'vitest';
import {
  isWeakPaymentPassword,
  paymentPasswordSchema,
  WEAK_PAYMENT_PASSWORD_MESSAGE,
} from './common';

const messages = (value: string) => {
  const parsed = paymentPasswordSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('paymentPasswordSchema', () => {
  it('refuses one digit six times', () => {
    for (let d = 0; d <= 9; d++) {
      expect(messages(String(d).repeat(6))).toEqual([WEAK_PAYMENT_PASSWORD_MESSAGE]);
    }
  });

  it('refuses runs up and down', () => {
    for (const run of ['012345', '123456', '234567', '345678', '456789']) {
      expect(messages(run)).toEqual([WEAK_PAYMENT_PASSWORD_MESSAGE]);
      expect(messages([...run].reverse().join(''))).toEqual([WEAK_PAYMENT_PASSWORD_MESSAGE]);
    }
  });

  it('accepts other six digits', () => {
    for (const ok of ['135790', '246810', '385917', '112233', '123457', '890123', '000001']) {
      expect(messages(ok)).toEqual([]);
      expect(isWeakPaymentPassword(ok)).toBe(false);
    }
  });

  it('says only "6 digits" for anything else', () => {
    for (const bad of ['12345', '1234567', '12345a', '']) {
      expect(messages(bad)).toEqual(['应为6位数字']);
    }
  });
});
