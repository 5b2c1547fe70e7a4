import { describe, expect, it } from 'vitest';
import {
  isValidTaxNumber,
  taxNumberCheckCharacter,
  taxNumberProblem,
  taxNumberSchema,
  TAX_NUMBER_CHECK_MESSAGE,
  TAX_NUMBER_SHAPE_MESSAGE,
} from './tax-number';

/** The standard's own example, and codes whose check character was worked out by hand. */
const VALID = ['91350100M000100Y43', '91440300MA5DCKXX0T', '91110000600037341L'];

describe('unified social credit code (GB 32100-2015)', () => {
  it('accepts codes whose check character agrees', () => {
    for (const code of VALID) expect(isValidTaxNumber(code), code).toBe(true);
    expect(taxNumberCheckCharacter('91350100M000100Y4')).toBe('3');
    expect(taxNumberCheckCharacter('91440300MA5DCKXX0')).toBe('T');
  });

  it('refuses a changed character, a wrong check character, a wrong length', () => {
    expect(isValidTaxNumber('91350100M000100Y44')).toBe(false);
    expect(isValidTaxNumber('91350100M000200Y43')).toBe(false);
    expect(isValidTaxNumber('91350100M000100Y4')).toBe(false);
    expect(isValidTaxNumber('91350100M000100Y430')).toBe(false);
    expect(taxNumberProblem('91350100M000100Y44')).toBe(TAX_NUMBER_CHECK_MESSAGE);
    expect(taxNumberProblem('91350100M000100Y43')).toBeNull();
  });

  it('refuses the letters the standard leaves out (I, O, Z, S, V) and lower case', () => {
    for (const letter of ['I', 'O', 'Z', 'S', 'V']) {
      const code = `91350100M000100${letter}4`;
      expect(taxNumberProblem(code + taxNumberCheckCharacter(`91350100M000100Y4`))).toBe(
        TAX_NUMBER_SHAPE_MESSAGE,
      );
    }
    expect(isValidTaxNumber('91440300ma5dckxx0t')).toBe(false);
  });

  it('the schema normalises spaces and case, then checks', () => {
    expect(taxNumberSchema.parse(' 9144 0300 ma5d ckxx0t ')).toBe('91440300MA5DCKXX0T');
    const wrong = taxNumberSchema.safeParse('91440300MA5DCKXX0A');
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues.map((i) => i.message)).toEqual([TAX_NUMBER_CHECK_MESSAGE]);
    const short = taxNumberSchema.safeParse('9144');
    expect(short.error?.issues.map((i) => i.message)).toEqual([TAX_NUMBER_SHAPE_MESSAGE]);
    expect(taxNumberSchema.safeParse('9144\u00000300MA5DCKXX0T').success).toBe(false);
  });
});
