/**
 * Alipay writes money as yuan strings with at most two decimals ('12.30', '0.01', '100');
 * we count integer fen. The conversion is textual, never through a float.
 */

/** Alipay's largest amount: 100,000,000.00 yuan. */
export const MAX_ALIPAY_FEN = 10_000_000_000;

/** 1230 → '12.30'. Throws on anything but a whole number of fen from 0 to Alipay's limit. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0 || fen > MAX_ALIPAY_FEN) {
    throw new RangeError(`not an amount in fen: ${fen}`);
  }
  const yuan = Math.trunc(fen / 100);
  const cents = fen % 100;
  return `${yuan}.${cents < 10 ? '0' : ''}${cents}`;
}

const YUAN = /^(0|[1-9]\d{0,8})(?:\.(\d{1,2}))?$/;

/**
 * '12.30' → 1230, '12.3' → 1230, '12' → 1200; null for anything else (signs, exponents, three
 * decimals, leading zeros, spaces, more than Alipay's limit).
 */
export function yuanToFen(text: string): number | null {
  const match = YUAN.exec(text);
  if (!match) return null;
  const fen = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return fen <= MAX_ALIPAY_FEN ? fen : null;
}
