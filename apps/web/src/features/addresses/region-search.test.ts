import { describe, expect, it } from 'vitest';
import type { RegionProvince } from '@pcb/contract/city-class';
import { findRegion, regionLabel, searchRegions } from './region-search';

const provinces: RegionProvince[] = [
  {
    code: '11',
    name: '北京市',
    children: [
      {
        code: '1101',
        name: '市辖区',
        children: [
          { code: '110101', name: '东城区' },
          { code: '110105', name: '朝阳区' },
        ],
      },
    ],
  },
  {
    code: '44',
    name: '广东省',
    children: [
      {
        code: '4403',
        name: '深圳市',
        children: [
          { code: '440305', name: '南山区' },
          { code: '440306', name: '宝安区' },
        ],
      },
      { code: '4419', name: '东莞市', children: [{ code: '441900003', name: '东城街道' }] },
    ],
  },
  {
    code: '22',
    name: '吉林省',
    children: [{ code: '2201', name: '长春市', children: [{ code: '220104', name: '朝阳区' }] }],
  },
];

describe('searchRegions', () => {
  it('finds counties by name, in every province, with their path', () => {
    expect(searchRegions(provinces, ' 朝阳 ').map((m) => [m.region.code, m.path])).toEqual([
      ['110105', '北京市 / 朝阳区'],
      ['220104', '吉林省 / 长春市 / 朝阳区'],
    ]);
  });

  it('finds the counties of a city by its name, after counties named so', () => {
    expect(searchRegions(provinces, '东').map((m) => m.region.code)).toEqual([
      '110101',
      '441900003',
    ]);
    expect(searchRegions(provinces, '深圳').map((m) => m.region)).toEqual([
      { code: '440305', country: '中国', province: '广东省', city: '深圳市', county: '南山区' },
      { code: '440306', country: '中国', province: '广东省', city: '深圳市', county: '宝安区' },
    ]);
  });

  it('never matches the placeholder 市辖区, nor an empty query, and stops at the limit', () => {
    expect(searchRegions(provinces, '市辖')).toEqual([]);
    expect(searchRegions(provinces, '   ')).toEqual([]);
    expect(searchRegions(provinces, '区', 2)).toHaveLength(2);
  });
});

describe('findRegion and regionLabel', () => {
  it('names a code, 6 or 9 digits, and null for one that does not exist', () => {
    expect(findRegion(provinces, '441900003')).toEqual({
      code: '441900003',
      country: '中国',
      province: '广东省',
      city: '东莞市',
      county: '东城街道',
    });
    expect(findRegion(provinces, '440399')).toBeNull();
    expect(findRegion(provinces, '99')).toBeNull();
  });

  it('leaves out the placeholder city of a municipality', () => {
    expect(regionLabel({ province: '北京市', city: '市辖区', county: '东城区' })).toBe(
      '北京市 东城区',
    );
    expect(regionLabel({ province: '广东省', city: '深圳市', county: '南山区' })).toBe(
      '广东省 深圳市 南山区',
    );
  });
});
