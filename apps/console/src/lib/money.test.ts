import { describe, expect, it } from 'vitest';
import {
  fenToYuanText,
  formatPercentChange,
  formatScaled,
  formatYuan,
  formatYuanChange,
  parseScaled,
  parseYuan,
} from './money';

describe('yuan ↔ fen', () => {
  it('reads the amounts a binary fraction gets wrong exactly', () => {
    // 0.29 × 100 is 28.999999999999996 and 1.005 × 100 is 100.49999999999999 in floating point.
    expect(parseYuan('0.29')).toBe(29);
    expect(parseYuan('1.1')).toBe(110);
    expect(parseYuan('19.99')).toBe(1999);
    expect(parseYuan('4.35')).toBe(435);
    expect(parseYuan('20')).toBe(2000);
    expect(parseYuan('20.')).toBe(2000);
    expect(parseYuan(' ¥1,234.50 ')).toBe(123450);
    expect(parseYuan('0')).toBe(0);
  });

  it('refuses what is no amount of yuan', () => {
    for (const text of ['', ' ', '1.005', '-1', '1e3', 'abc', '.5', '1.2.3', '12345678901234']) {
      expect(parseYuan(text), text).toBeNull();
    }
  });

  it('shows fen as yuan with two decimals, and round-trips every amount', () => {
    expect(fenToYuanText(2000)).toBe('20.00');
    expect(fenToYuanText(5)).toBe('0.05');
    expect(fenToYuanText(0)).toBe('0.00');
    expect(fenToYuanText(123456789)).toBe('1234567.89');
    for (let fen = 0; fen < 5000; fen += 7) expect(parseYuan(fenToYuanText(fen))).toBe(fen);
    expect(formatYuan(123450)).toBe('¥1,234.50');
  });

  it('scales other decimals the same way (square metres to mm²)', () => {
    expect(parseScaled('0.2', 6)).toBe(200_000);
    expect(parseScaled('3', 6)).toBe(3_000_000);
    expect(parseScaled('0.0000001', 6)).toBeNull();
    expect(formatScaled(200_000, 6)).toBe('0.200000');
    expect(formatScaled(-31, 1)).toBe('-3.1');
    expect(formatScaled(7, 0)).toBe('7');
  });

  it('writes differences with their sign and percentage', () => {
    expect(formatYuanChange(500)).toBe('+¥5.00');
    expect(formatYuanChange(-350)).toBe('-¥3.50');
    expect(formatYuanChange(0)).toBe('¥0.00');
    expect(formatPercentChange(2000, 1500)).toBe('-25%');
    expect(formatPercentChange(3000, 3100)).toBe('+3.3%');
    expect(formatPercentChange(0, 100)).toBeNull();
  });
});
