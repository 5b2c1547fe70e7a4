import { describe, expect, it } from 'vitest';
import type { Receiver } from '@pcb/contract/member-receiver';
import { editAddressPath, NEW_ADDRESS, readAddressRoute } from './address-route';

const receiver: Receiver = {
  id: 12,
  receiverName: '张工',
  mobile: '13800138000',
  region: { code: '440305', country: '中国', province: '广东省', city: '深圳市', county: '南山区' },
  address: '3栋/502 #B 100%',
  postcode: '518057',
  company: null,
  isDefault: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const dataOf = (path: string) => path.split('/').pop();

describe('the editAddress/{data} route', () => {
  it('carries the address in one path segment, without the mobile, and reads it back', () => {
    const path = editAddressPath(receiver);
    expect(path).toMatch(/^\/shippingAddress\/editAddress\/[\w-]+$/);
    expect(path).not.toContain('13800138000');
    expect(readAddressRoute(dataOf(path))).toEqual({
      id: 12,
      receiverName: '张工',
      region: receiver.region,
      address: '3栋/502 #B 100%',
      postcode: '518057',
      company: null,
      isDefault: true,
    });
  });

  it('is `new` for a new address', () => {
    expect(editAddressPath()).toBe('/shippingAddress/editAddress/new');
    expect(readAddressRoute('new')).toBe(NEW_ADDRESS);
  });

  it('reads anything else as nothing usable', () => {
    expect(readAddressRoute(undefined)).toBeNull();
    expect(readAddressRoute('%%%')).toBeNull();
    expect(readAddressRoute(btoa('{"id":"x"}'))).toBeNull();
    expect(readAddressRoute(btoa('not json'))).toBeNull();
  });
});
