import type { Region, RegionProvince } from '@pcb/contract/city-class';

/** A county-level division found by name, with the path the picker shows for it. */
export interface RegionMatch {
  region: Region;
  /** 广东省 / 深圳市 / 南山区 */
  path: string;
}

/** City names that only stand for "the districts of this municipality": not shown. */
const PLACEHOLDER_CITIES = new Set([
  '市辖区',
  '县',
  '省直辖县级行政区划',
  '自治区直辖县级行政区划',
]);

/** How a region reads on screen: 北京市 东城区, 广东省 深圳市 南山区. */
export function regionLabel(region: Pick<Region, 'province' | 'city' | 'county'>): string {
  return [region.province, PLACEHOLDER_CITIES.has(region.city) ? null : region.city, region.county]
    .filter(Boolean)
    .join(' ');
}

/**
 * Counties whose own name, or whose city's name, contains the query (南山, 深圳): counties
 * named first, then those of a matching city; at most `limit`.
 */
export function searchRegions(
  provinces: readonly RegionProvince[],
  query: string,
  limit = 50,
): RegionMatch[] {
  const q = query.trim();
  if (!q) return [];
  const byCounty: RegionMatch[] = [];
  const byCity: RegionMatch[] = [];
  for (const province of provinces) {
    for (const city of province.children) {
      const cityMatches = city.name.includes(q) && !PLACEHOLDER_CITIES.has(city.name);
      for (const county of city.children) {
        const target = county.name.includes(q) ? byCounty : cityMatches ? byCity : null;
        if (!target) continue;
        const region: Region = {
          code: county.code,
          country: '中国',
          province: province.name,
          city: city.name,
          county: county.name,
        };
        target.push({ region, path: regionLabel(region).replaceAll(' ', ' / ') });
      }
    }
  }
  return [...byCounty, ...byCity].slice(0, limit);
}

/** The names of a county-level code, or null when the data has no such code. */
export function findRegion(provinces: readonly RegionProvince[], code: string): Region | null {
  const province = provinces.find((p) => code.startsWith(p.code));
  const city = province?.children.find((c) => code.startsWith(c.code));
  const county = city?.children.find((c) => c.code === code);
  if (!province || !city || !county) return null;
  return { code, country: '中国', province: province.name, city: city.name, county: county.name };
}
