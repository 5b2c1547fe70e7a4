import { text } from './common';

/**
 * The unified social credit code (统一社会信用代码, GB 32100-2015), which is also a company's
 * tax number (纳税人识别号) on a VAT invoice: 18 characters from 0-9 and the capital letters
 * without I, O, Z, S and V; the last one is a check character over the first 17.
 */
export const TAX_NUMBER_LENGTH = 18;
const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** 3^i mod 31 for positions 1…17 (the standard's weights). */
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const SHAPE = /^[0-9A-HJ-NPQRTUWXY]{18}$/;

export const TAX_NUMBER_SHAPE_MESSAGE = '应为18位统一社会信用代码（数字或大写字母）';
export const TAX_NUMBER_CHECK_MESSAGE = '校验位不正确，请核对税号';

/** The check character the standard gives the first 17 characters (which must be valid). */
export function taxNumberCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CHARSET.indexOf(first17.charAt(i)) * (WEIGHTS[i] ?? 0);
  return CHARSET.charAt((31 - (sum % 31)) % 31);
}

/** Spaces dropped, letters capitalised: how a code is typed or pasted versus how it is kept. */
export function normalizeTaxNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Whether `value` (already normalised) is a well-formed code whose check character agrees. */
export function isValidTaxNumber(value: string): boolean {
  return SHAPE.test(value) && taxNumberCheckCharacter(value.slice(0, 17)) === value.charAt(17);
}

/** Why a normalised code is refused, or null when it is valid. */
export function taxNumberProblem(value: string): string | null {
  if (!SHAPE.test(value)) return TAX_NUMBER_SHAPE_MESSAGE;
  return isValidTaxNumber(value) ? null : TAX_NUMBER_CHECK_MESSAGE;
}

/** An input field holding a tax number: normalised, then shape and check character. */
export const taxNumberSchema = text(40)
  .transform(normalizeTaxNumber)
  .refine((value) => SHAPE.test(value), { error: TAX_NUMBER_SHAPE_MESSAGE, abort: true })
  .refine(isValidTaxNumber, { error: TAX_NUMBER_CHECK_MESSAGE })
  .meta({ title: '税号' });
