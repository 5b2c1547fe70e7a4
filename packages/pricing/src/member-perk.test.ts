import { describe, expect, it } from 'vitest';
import { defaultPcbParams, type PcbParams } from './pcb-params';
import { pricePcb } from './pcb-price';
import type { MemberPerkOption, Quote, QuoteOptions } from './quote';
import { defaultPriceSheet as sheet } from './seed-sheet';

const p = (change: Partial<PcbParams> = {}): PcbParams => ({ ...defaultPcbParams, ...change });
const line = (q: Quote, code: string) => q.lines.find((l) => l.code === code);
const silver: MemberPerkOption = { name: '银牌', discountBp: 200, freeShipping: false };
const gold: MemberPerkOption = { name: '金牌', discountBp: 300, freeShipping: true };
const price = (options: QuoteOptions, change: Partial<PcbParams> = {}) =>
  pricePcb(sheet, p(change), options);

describe('the member discount line (decision 0071)', () => {
  it('takes the rate off the PCB lines, rounded half up to the fen, as a negative line', () => {
    const plain = price({}, { quantity: 37, lengthMm: 123, widthMm: 77 });
    const member = price({ memberPerk: silver }, { quantity: 37, lengthMm: 123, widthMm: 77 });
    const base = plain.total;
    const expected = Math.floor((base * 200 * 2 + 10_000) / 20_000);
    expect(line(member, 'memberDiscount')).toMatchObject({
      name: '会员折扣(银牌 2%)',
      amount: -expected,
    });
    expect(member.total).toBe(base - expected);
  });

  it('rounds ¥20.00 × 2.5% = 50 fen exactly, and 1 fen × 1% to nothing (no line)', () => {
    const q = price({ memberPerk: { name: '银牌', discountBp: 250, freeShipping: false } });
    expect(
      q.lines.filter((l) => l.code !== 'memberDiscount').reduce((s, l) => s + l.amount, 0),
    ).toBe(2000);
    expect(line(q, 'memberDiscount')?.amount).toBe(-50);
    expect(
      line(price({ memberPerk: { ...silver, discountBp: 0 } }), 'memberDiscount'),
    ).toBeUndefined();
  });

  it('comes before 运费 and 税费: shipping is not discounted, tax is on the discounted amount', () => {
    const options: QuoteOptions = {
      shipping: { province: '北京', courier: 'sf' },
      invoice: 'vatSpecial',
    };
    const plain = price(options, { quantity: 100 });
    const member = price({ ...options, memberPerk: silver }, { quantity: 100 });
    const codes = member.lines.map((l) => l.code);
    expect(codes.indexOf('memberDiscount')).toBeLessThan(codes.indexOf('shipping'));
    expect(line(member, 'shipping')!.amount).toBe(line(plain, 'shipping')!.amount);
    expect(line(member, 'tax')!.amount).toBeLessThan(line(plain, 'tax')!.amount);
  });

  it('free shipping: the 运费 line stays, at 0, saying what it would have cost', () => {
    const options: QuoteOptions = { shipping: { province: '新疆', courier: 'sf' } };
    const plain = price(options);
    const member = price({ ...options, memberPerk: gold });
    expect(line(plain, 'shipping')!.amount).toBeGreaterThan(0);
    expect(line(member, 'shipping')).toMatchObject({ amount: 0 });
    expect(line(member, 'shipping')!.reason).toContain('金牌会员包邮');
  });
});
