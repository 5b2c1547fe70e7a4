import { describe, expect, it } from 'vitest';
import { defaultPcbParams, defaultPriceSheet } from '@pcb/pricing';
import { priceQuote } from './quote-model';

describe('priceQuote', () => {
  it('shows a total no order can hold as a refusal under the quantity, not a quote', () => {
    const largest = {
      ...defaultPcbParams,
      layers: 12,
      lengthMm: 600,
      widthMm: 500,
      quantity: 100_000,
      test: 'flyingProbeFull',
    } as const;
    const priced = priceQuote('pcb', largest, { sheet: defaultPriceSheet, orderedAt: 0 });
    expect(priced.quote).toBeNull();
    expect(priced.issues).toEqual([
      expect.objectContaining({ field: 'quantity', code: 'quote.tooLarge' }),
    ]);
    expect(priced.issues[0]!.message).toMatch(/^报价超过单笔订单上限¥21,474,836\.47/);
    expect(priced.cliffs).toEqual([]);
    expect(priced.buildTimes).toEqual([]);
    // A tenth of it is a quote.
    expect(
      priceQuote(
        'pcb',
        { ...largest, quantity: 10_000 },
        { sheet: defaultPriceSheet, orderedAt: 0 },
      ).quote,
    ).not.toBeNull();
  });
});
