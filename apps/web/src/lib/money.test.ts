import { expect, it } from 'vitest';
import { formatFen } from './money';

it('formats fen as yuan with two decimals', () => {
  expect(formatFen(0)).toBe('¥0.00');
  expect(formatFen(5)).toBe('¥0.05');
  expect(formatFen(1234567)).toBe('¥12,345.67');
  expect(formatFen(-250)).toBe('-¥2.50');
});
