// 运费: parcel weight × the zone of the receiver's province, per courier. The factory ships
// from 广东 (zone `local`).
import { hasOwn } from './own';
import type { FeeLine } from './quote';
import type { PriceSheet } from './sheet';
import { mulDivCeil, yuan } from './money';

export const couriers = ['sf', 'jd', 'zto', 'yto', 'yunda', 'deppon', 'ems'] as const;
export type Courier = (typeof couriers)[number];
export const courierLabels: Record<Courier, string> = {
  sf: '顺丰',
  jd: '京东',
  zto: '中通',
  yto: '圆通',
  yunda: '韵达',
  deppon: '德邦',
  ems: 'EMS',
};

export const zones = ['local', 'near', 'middle', 'far', 'remote'] as const;
export type Zone = (typeof zones)[number];
export const zoneLabels: Record<Zone, string> = {
  local: '省内',
  near: '邻近省份',
  middle: '中部及华东华北',
  far: '东北西北西南',
  remote: '偏远地区',
};

/** The 31 provincial divisions of the mainland by short name, as the address picker's prefix. */
export const provinces = [
  '北京',
  '天津',
  '河北',
  '山西',
  '内蒙古',
  '辽宁',
  '吉林',
  '黑龙江',
  '上海',
  '江苏',
  '浙江',
  '安徽',
  '福建',
  '江西',
  '山东',
  '河南',
  '湖北',
  '湖南',
  '广东',
  '广西',
  '海南',
  '重庆',
  '四川',
  '贵州',
  '云南',
  '西藏',
  '陕西',
  '甘肃',
  '青海',
  '宁夏',
  '新疆',
] as const;

/** `广东省` / `内蒙古自治区` / `广东` → `广东`; undefined for anything else. */
export function provinceShortName(name: string): string | undefined {
  return provinces.find((p) => name.startsWith(p));
}

export interface ShippingChoice {
  /** The receiver's province, short or full name (广东 / 广东省). */
  province: string;
  courier: Courier;
}

/** Rounded up to whole kilograms, at least one. */
export const chargeableKg = (grams: number): number => Math.max(1, mulDivCeil(grams, 1, 1000));

export function shippingLine(
  sheet: PriceSheet,
  choice: ShippingChoice,
  grams: number,
): FeeLine | { error: string } {
  const short = provinceShortName(choice.province);
  const zone = short === undefined ? undefined : sheet.shipping.zones[short];
  if (zone === undefined || short === undefined) return { error: 'province' };
  // Own keys only: `constructor` is no courier.
  if (!hasOwn(sheet.shipping.couriers, choice.courier)) return { error: 'courier' };
  const rates = sheet.shipping.couriers[choice.courier];
  const kg = chargeableKg(grams);
  const first = rates.firstKg[zone];
  const extra = rates.extraKg[zone];
  const amount = first + (kg - 1) * extra;
  const weight = `约${(grams / 1000).toFixed(2)}kg，按${kg}kg计`;
  const reason =
    kg === 1
      ? `${rates.name}寄${short}（${zoneLabels[zone]}）：${weight}，首重${yuan(first)}`
      : `${rates.name}寄${short}（${zoneLabels[zone]}）：${weight}，首重${yuan(first)} + 续重${kg - 1}kg × ${yuan(extra)}`;
  return { code: 'shipping', name: '运费', amount, reason };
}
