import { text } from './common';
import { creditCodeCheckChar, isValidCreditCode } from './credit-code';

/**
 * A company's tax number (纳税人识别号) on a VAT invoice: its unified social credit code
 * (`credit-code.ts` holds the standard), with the messages and title an invoice form uses.
 */
export const TAX_NUMBER_LENGTH = 18;
const CHARS = /^[0-9A-HJ-NPQRTUWXY]{18}$/;

export const TAX_NUMBER_SHAPE_MESSAGE = '应为18位统一社会信用代码（数字或大写字母）';
export const TAX_NUMBER_CHECK_MESSAGE = '校验位不正确，请核对税号';

/** The check character the standard gives the first 17 characters (which must be valid). */
export function taxNumberCheckCharacter(first17: string): string {
  return creditCodeCheckChar(first17) ?? '';
}

/** Spaces dropped, letters capitalised: how a code is typed or pasted versus how it is kept. */
export function normalizeTaxNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Whether `value` (already normalised) is a well-formed code whose check character agrees. */
export const isValidTaxNumber = isValidCreditCode;

/** Why a normalised code is refused, or null when it is valid. */
export function taxNumberProblem(value: string): string | null {
  if (!CHARS.test(value)) return TAX_NUMBER_SHAPE_MESSAGE;
  return isValidTaxNumber(value) ? null : TAX_NUMBER_CHECK_MESSAGE;
}

/** An input field holding a tax number: normalised, then shape and check character. */
export const taxNumberSchema = text(40)
  .transform(normalizeTaxNumber)
  .refine((value) => CHARS.test(value), { error: TAX_NUMBER_SHAPE_MESSAGE, abort: true })
  .refine(isValidTaxNumber, { error: TAX_NUMBER_CHECK_MESSAGE })
  .meta({ title: '税号' });
