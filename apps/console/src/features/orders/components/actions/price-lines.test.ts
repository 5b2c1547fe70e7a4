import { describe, expect, it } from 'vitest';
import { freeCode, linesForTotal, parseSignedYuan, totalOf } from './price-lines';

const lines = [
  { code: 'board', name: '板费', amount: '20.00' },
  { code: 'shipping', name: '运费', amount: '18.00' },
];

describe('the new price’s lines', () => {
  it('reads yuan as typed, a discount with a minus, digit by digit', () => {
    expect(parseSignedYuan('12.5')).toBe(1250);
    expect(parseSignedYuan(' -3 ')).toBe(-300);
    expect(parseSignedYuan('0.29')).toBe(29);
    expect(parseSignedYuan('1.234')).toBeNull();
    expect(parseSignedYuan('abc')).toBeNull();
    expect(totalOf([...lines, { amount: '-5.50' }])).toBe(3250);
    expect(totalOf([...lines, { amount: '' }])).toBeNull();
  });

  it('reaches a new total through one adjustment line, added, changed or dropped', () => {
    const raised = linesForTotal(lines, 5300)!;
    expect(raised.at(-1)).toEqual({ code: 'adjust', name: '工程调整', amount: '15.00' });
    expect(totalOf(raised)).toBe(5300);
    const lowered = linesForTotal(raised, 3000)!;
    expect(lowered).toHaveLength(3);
    expect(lowered.at(-1)?.amount).toBe('-8.00');
    expect(linesForTotal(raised, 3800)).toEqual(lines);
    expect(linesForTotal([{ code: 'x', name: 'x', amount: '?' }], 100)).toBeNull();
  });

  it('gives a new line a code no line has', () => {
    expect(freeCode(lines)).toBe('adjust');
    expect(freeCode([...lines, { code: 'adjust' }, { code: 'adjust2' }])).toBe('adjust3');
    expect(freeCode(lines, 'extra')).toBe('extra');
  });
});
