import { describe, expect, it } from 'vitest';
import { MemberInvoice } from '@pcb/contract/member-invoice';
import { PriceSheet } from '@pcb/contract/price-sheet';
import { StaffAudit } from '@pcb/contract/staff-audit';
import { routeOf, toQueryString, urlOf } from './url';

describe('urlOf', () => {
  it('is the path under the API base, with a GET input as its query string', () => {
    expect(urlOf(MemberInvoice.Get, { id: 3 })).toBe('/api/MemberInvoice/Get?id=3');
    expect(urlOf(MemberInvoice.Get, { id: 3 }, 'https://api.example.com')).toBe(
      'https://api.example.com/api/MemberInvoice/Get?id=3',
    );
    expect(urlOf(StaffAudit.List, {})).toBe('/api/StaffAudit/List');
  });

  it('leaves a body method’s input out of the URL', () => {
    expect(urlOf(MemberInvoice.SetDefault, { id: 3 })).toBe('/api/MemberInvoice/SetDefault');
  });
});

describe('routeOf', () => {
  it('is the route the contract defines, without loading its schemas', () => {
    const route = routeOf<typeof PriceSheet.GetPublished>('PriceSheet', 'GetPublished', 'GET');
    const { module, action, method, path } = PriceSheet.GetPublished;
    expect(route).toEqual({ module, action, method, path });
    expect(urlOf(route)).toBe('/api/PriceSheet/GetPublished');
  });
});

describe('query strings', () => {
  it('repeat the key for each element of an array instead of joining it with commas', () => {
    const query = toQueryString({ ids: [1, 2], type: 'home', tags: ['a,b', 'c'] });
    expect(query).toBe('ids=1&ids=2&type=home&tags=a%2Cb&tags=c');
    const params = new URLSearchParams(query);
    expect(params.getAll('ids')).toEqual(['1', '2']);
    expect(params.getAll('tags')).toEqual(['a,b', 'c']);
  });

  it('leave out absent and empty values, also inside arrays, and an empty array altogether', () => {
    expect(
      toQueryString({ a: undefined, b: null, c: [], d: [1, null, '', 2], e: 0, f: false, g: '' }),
    ).toBe('d=1&d=2&e=0&f=false');
  });
});
