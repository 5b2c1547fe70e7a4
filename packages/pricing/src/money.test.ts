import { describe, expect, it } from 'vitest';
import { applyRate, mulDiv, mulDivCeil, squareMetres, yuan, yuanRate } from './money';

describe('money', () => {
  it('multiplies and divides exactly, rounding half up', () => {
    expect(mulDiv(5, 1, 2)).toBe(3);
    expect(mulDiv(7, 1, 2)).toBe(4);
    expect(mulDiv(6, 1, 4)).toBe(2); // 1.5 → 2
    expect(mulDiv(5, 1, 4)).toBe(1); // 1.25 → 1
    expect(applyRate(43000, { num: 13, den: 100 })).toBe(5590);
    expect(applyRate(4350, { num: 6, den: 100 })).toBe(261);
  });

  it('stays exact past 2^53 through BigInt', () => {
    expect(mulDiv(3e14, 38000, 1e10)).toBe(1_140_000_000);
    expect(mulDiv(2 ** 52 + 1, 3, 3)).toBe(2 ** 52 + 1);
    expect(mulDivCeil(2 ** 52 + 1, 4, 4)).toBe(2 ** 52 + 1);
    expect(mulDivCeil(3e14 + 1, 1000, 1e6)).toBe(300_000_000_001);
  });

  it('rounds up for steps and weights', () => {
    expect(mulDivCeil(200_001, 1, 200_000)).toBe(2);
    expect(mulDivCeil(200_000, 1, 200_000)).toBe(1);
    expect(mulDivCeil(0, 1, 7)).toBe(0);
  });

  it('formats fen as yuan', () => {
    expect(yuan(0)).toBe('¥0.00');
    expect(yuan(5)).toBe('¥0.05');
    expect(yuan(123456789)).toBe('¥1,234,567.89');
    expect(yuan(-2050)).toBe('-¥20.50');
    expect(yuanRate({ num: 3, den: 5 })).toBe('¥0.006');
    expect(squareMetres(200_000)).toBe('0.2 m²');
    expect(squareMetres(100_300)).toBe('0.1003 m²');
  });
});
