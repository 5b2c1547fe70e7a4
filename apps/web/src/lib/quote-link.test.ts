import { describe, expect, it } from 'vitest';
import { isExternalPath } from './paths';
import { quoteKindOf, quoteLink, withQuoteKind } from './quote-link';

describe('quote page links', () => {
  it('open the quote page on a tab, by a full page load', () => {
    expect(quoteLink('smt')).toBe('/OrdersPCB?kind=smt');
    expect(quoteLink('stencil')).toBe('/OrdersPCB?kind=stencil');
    expect(isExternalPath(quoteLink('smt'))).toBe(true);
  });

  it('read the tab back, and only a kind there is', () => {
    expect(quoteKindOf('?kind=stencil')).toBe('stencil');
    expect(quoteKindOf('?from=wx&kind=smt')).toBe('smt');
    expect(quoteKindOf('?kind=SMT')).toBeNull();
    expect(quoteKindOf('?kind=__proto__')).toBeNull();
    expect(quoteKindOf('')).toBeNull();
  });

  it('name the chosen tab in the address, other parameters kept', () => {
    expect(withQuoteKind('?from=wx&kind=smt', 'pcb')).toBe('/OrdersPCB?from=wx&kind=pcb');
    expect(withQuoteKind('', 'stencil')).toBe('/OrdersPCB?kind=stencil');
  });
});
