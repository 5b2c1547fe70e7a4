import { text } from './common';

/**
 * The unified social credit code (统一社会信用代码, GB 32100-2015): 18 characters from 31 (the
 * digits and the capitals without I, O, Z, S, V); characters 3–8 are the registering area's
 * administrative division code (digits); the 18th is a check character over the first 17.
 */
const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

export const CREDIT_CODE_MESSAGE = '请输入正确的18位统一社会信用代码';

/** The check character the first 17 characters call for (31 − Σ value × weight mod 31). */
export function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CHARSET.indexOf(first17[i] ?? '') * (WEIGHTS[i] ?? 0);
  return CHARSET[(31 - (sum % 31)) % 31] ?? '';
}

/** True for an 18-character code of the right characters whose check character matches. */
export function isValidCreditCode(code: string): boolean {
  return SHAPE.test(code) && creditCodeCheckChar(code.slice(0, 17)) === code[17];
}

/** Typed in any case, with spaces around: kept upper-cased and trimmed, then checked. */
export const creditCodeSchema = text(32)
  .trim()
  .toUpperCase()
  .refine(isValidCreditCode, { error: CREDIT_CODE_MESSAGE })
  .meta({ title: '统一社会信用代码' });
