import { z } from 'zod';

/**
 * The unified social credit code (统一社会信用代码, GB 32100-2015): 18 characters from the
 * 31 below (no I, O, S, V, Z), characters 3–8 the administrative division (digits), the last a
 * check character computed from the first 17. Companies, individual businesses and other
 * organisations all have one; certification and VAT invoices name it (the taxpayer number).
 */
export const CREDIT_CODE_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const;
const SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

export const CREDIT_CODE_MESSAGE = '应为18位统一社会信用代码';
export const CREDIT_CODE_CHECK_MESSAGE = '统一社会信用代码校验位不正确，请核对';

/** The check character of the first 17 characters, or null when one is not in the charset. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CREDIT_CODE_CHARSET.indexOf(first17[i] as string);
    if (value < 0) return null;
    sum += value * (WEIGHTS[i] as number);
  }
  return CREDIT_CODE_CHARSET[(31 - (sum % 31)) % 31] as string;
}

/** True for an 18-character code of the right shape whose check character matches. */
export function isValidCreditCode(code: string): boolean {
  return SHAPE.test(code) && creditCodeCheckChar(code.slice(0, 17)) === code[17];
}

/**
 * A unified social credit code in an input: spaces dropped and letters upper-cased (people
 * copy it from a licence photo), then shape and check character. Reuse it wherever a company
 * is named by its code (certification, VAT invoice taxpayer numbers).
 */
export const creditCodeSchema = z
  .string()
  .max(64)
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .regex(SHAPE, { error: CREDIT_CODE_MESSAGE, abort: true })
      .refine(isValidCreditCode, { error: CREDIT_CODE_CHECK_MESSAGE }),
  )
  .meta({ title: '统一社会信用代码' });
