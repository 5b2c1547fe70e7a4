import { describe, expect, it } from 'vitest';
import type { QuoteResult } from '@pcb/contract/order-quote';
import type { OrderInfo } from '../../../lib/order-info';
import { priceChangedSinceQuote } from './server-quote';

const info = { kind: 'pcb', sheetVersion: 3, total: 10_000 } as unknown as OrderInfo;
const quote = (lines: QuoteResult['lines']): QuoteResult =>
  ({ sheetVersion: 3, lines, total: lines.reduce((s, l) => s + l.amount, 0) }) as QuoteResult;
const board = { code: 'board', name: '板费', amount: 10_000, reason: '' };

describe('priceChangedSinceQuote', () => {
  it('ignores the lines the quote page never shows: 运费, 税费 and the member discount', () => {
    const discount = {
      code: 'memberDiscount',
      name: '会员折扣(银牌 2%)',
      amount: -200,
      reason: '',
    };
    const shipping = { code: 'shipping', name: '运费', amount: 0, reason: '' };
    expect(priceChangedSinceQuote(info, quote([board, discount, shipping]))).toBe(false);
  });

  it('sees another part price', () => {
    expect(priceChangedSinceQuote(info, quote([{ ...board, amount: 10_001 }]))).toBe(true);
  });
});
