import { describe, expect, it } from 'vitest';
import { dayInChina, filterOf, isBackwards } from './log-filters';

// 2026-11-26 01:30 in China is still the 25th in UTC.
const now = new Date('2026-11-25T17:30:00Z');

describe('the billList filters', () => {
  it('counts days in China time, as the server does', () => {
    expect(dayInChina(now)).toBe('2026-11-26');
  });

  it('turns the choices into the log’s input', () => {
    expect(filterOf({ type: 'all', range: 'all', from: '', to: '' }, now)).toEqual({});
    expect(filterOf({ type: 'refund', range: '7d', from: '', to: '' }, now)).toEqual({
      type: 'refund',
      from: '2026-11-20',
      to: '2026-11-26',
    });
    expect(filterOf({ type: 'all', range: '30d', from: '', to: '' }, now)).toEqual({
      from: '2026-10-28',
      to: '2026-11-26',
    });
    expect(filterOf({ type: 'all', range: 'custom', from: '2026-01-01', to: '' }, now)).toEqual({
      from: '2026-01-01',
    });
  });

  it('knows a backwards range', () => {
    expect(isBackwards('2026-02-01', '2026-01-01')).toBe(true);
    expect(isBackwards('2026-01-01', '2026-01-01')).toBe(false);
    expect(isBackwards('', '2026-01-01')).toBe(false);
  });
});
