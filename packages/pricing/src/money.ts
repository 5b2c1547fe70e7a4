// Money is an integer number of fen (1/100 yuan) everywhere; rates are rationals of integers,
// so no amount ever passes through a binary fraction (decision 0027).

/** A rate as a fraction of integers: 0.006 ¥ per joint is `{ num: 3, den: 5 }` fen. */
export interface Rational {
  num: number;
  den: number;
}

const SAFE = Number.MAX_SAFE_INTEGER;

/**
 * `a × b ÷ c` rounded half up, for non-negative integers. Exact: the product goes through
 * BigInt only when it would pass 2^53.
 */
export function mulDiv(a: number, b: number, c: number): number {
  const p = a * b;
  if (2 * p + c <= SAFE) return Math.floor((2 * p + c) / (2 * c));
  const big = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  return Number((2n * big + d) / (2n * d));
}

/** `a × b ÷ c` rounded up (a count of steps, a weight in whole grams). */
export function mulDivCeil(a: number, b: number, c: number): number {
  const p = a * b;
  if (p + c <= SAFE) return Math.floor((p + c - 1) / c);
  const big = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  return Number((big + d - 1n) / d);
}

/** `amount × rate`, rounded half up to the fen. */
export const applyRate = (amount: number, rate: Rational): number =>
  mulDiv(amount, rate.num, rate.den);

/** `¥1,234.50` from fen. */
export function yuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (abs % 100).toString().padStart(2, '0');
  return `${sign}¥${whole}.${cents}`;
}

/** A rate in fen as yuan with as many decimals as it needs: `¥0.006`. */
export function yuanRate(rate: Rational): string {
  const value = rate.num / rate.den / 100;
  return `¥${Number(value.toFixed(6))}`;
}

/** Square millimetres as square metres for reasons: `0.21 m²`. */
export const squareMetres = (mm2: number): string => `${Number((mm2 / 1e6).toFixed(4))} m²`;
