import { z } from 'zod';
import { defineModule, emptyInput } from '../define';

/** A county-level division (GB/T 2260, 6 digits; 9 for the towns of cities without counties). */
export const regionCountySchema = z.object({ code: z.string(), name: z.string() });
export const regionCitySchema = z.object({
  code: z.string(),
  name: z.string(),
  children: z.array(regionCountySchema),
});
export const regionProvinceSchema = z.object({
  code: z.string(),
  name: z.string(),
  children: z.array(regionCitySchema),
});
export type RegionProvince = z.infer<typeof regionProvinceSchema>;
export type RegionCity = z.infer<typeof regionCitySchema>;
export type RegionCounty = z.infer<typeof regionCountySchema>;

/** What the area picker yields (spec section 3): a county's code and the names above it. */
export const regionSchema = z.object({
  code: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  county: z.string(),
});
export type Region = z.infer<typeof regionSchema>;

/** A county-level code as the picker sends it: 6 digits, or 9 for a town without a county. */
export const REGION_CODE_PATTERN = /^\d{6}(\d{3})?$/;

export const CityClass = defineModule('CityClass', {
  GetProvinceCitySelectorData: {
    method: 'GET',
    summary: '省市区选择器数据（省 → 市 → 区县，国家标准代码）；可缓存，支持 ETag',
    access: 'public',
    input: emptyInput,
    output: z.array(regionProvinceSchema),
  },
});
