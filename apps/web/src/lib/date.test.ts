import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date';

describe('formatDate (spec section 5: YYYY-MM-DD)', () => {
  it('writes a date with zero-padded month and day', () => {
    expect(formatDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
  it('writes nothing for what is not a date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('writes the day and the minute, zero-padded', () => {
    expect(formatDateTime(new Date(2026, 10, 4, 8, 5))).toBe('2026-11-04 08:05');
  });
  it('writes nothing for what is not a date', () => {
    expect(formatDateTime('')).toBe('');
  });
});
