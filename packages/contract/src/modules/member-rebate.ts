// Coupons and rebates (优惠券/返利, issue 21, decisions 0061 and 0062): the member's coupons, the
// registration bundle, the claim centre's campaigns and the coupons usable on an order.
import { z } from 'zod';
import { yuan } from '@pcb/pricing';
import { idSchema, intSchema, pageInput, pageOf } from '../common';
import { defineModule, emptyInput } from '../define';

/** The service a coupon is for: one of the three order kinds, or a service sold offline. */
export const couponServiceTypes = ['pcb', 'smt', 'stencil', 'layout', 'bom'] as const;
export type CouponServiceType = (typeof couponServiceTypes)[number];
export const couponServiceNames: Record<CouponServiceType, string> = {
  pcb: 'PCB',
  smt: 'SMT贴片',
  stencil: '钢网',
  layout: 'PCB设计',
  bom: 'BOM配单',
};

/** A member coupon's state: derived from its use and its end, never stored. */
export const couponStates = ['unused', 'used', 'expired'] as const;
export type CouponState = (typeof couponStates)[number];
export const couponStateNames: Record<CouponState, string> = {
  unused: '未使用',
  used: '已使用',
  expired: '已过期',
};

/** The pay sheet's list shows at most this many usable coupons, and this many others. */
export const USABLE_LIST_USABLE_MAX = 30;
export const USABLE_LIST_OTHERS_MAX = 20;

/** Coupons ending within this many days are listed first and marked 即将过期. */
export const EXPIRING_SOON_DAYS = 7;
const DAY_MS = 86_400_000;

/** How a template's coupons get their validity: a fixed window, or N days from the grant. */
export const couponValidityKinds = ['fixed', 'days'] as const;
export type CouponValidityKind = (typeof couponValidityKinds)[number];

export const COUPON_NOT_FOUND_MESSAGE = '优惠券不存在';
export const COUPON_USED_MESSAGE = '该优惠券已使用';
export const COUPON_EXPIRED_MESSAGE = '该优惠券已过期';
export const COUPON_NOT_STARTED_MESSAGE = '该优惠券尚未到使用时间';
export const wrongServiceMessage = (type: CouponServiceType) =>
  `该优惠券仅限${couponServiceNames[type]}订单使用`;
export const belowMinimumMessage = (minimum: number, amount: number) =>
  `满${yuan(minimum)}可用，当前${yuan(amount)}`;

/** What a coupon is checked against: an order's service and payable total, and the time. */
export interface CouponUse {
  serviceType: CouponServiceType;
  amount: number;
  at: Date;
}

/** The fields of a coupon its rules read. */
export interface CouponTerms {
  serviceType: CouponServiceType;
  amount: number;
  minOrderAmount: number;
  validFrom: Date;
  validTo: Date;
  used: boolean;
}

/**
 * The one rule of applicability (decision 0061), read by the server when it lists and when a
 * payment uses a coupon (where the database's conditional update repeats it), and by the
 * screens: why this coupon cannot pay this order, or null when it can.
 */
export function couponRefusal(coupon: CouponTerms, use: CouponUse): string | null {
  if (coupon.used) return COUPON_USED_MESSAGE;
  if (coupon.validTo.getTime() <= use.at.getTime()) return COUPON_EXPIRED_MESSAGE;
  if (coupon.validFrom.getTime() > use.at.getTime()) return COUPON_NOT_STARTED_MESSAGE;
  if (coupon.serviceType !== use.serviceType) return wrongServiceMessage(coupon.serviceType);
  if (use.amount < coupon.minOrderAmount) {
    return belowMinimumMessage(coupon.minOrderAmount, use.amount);
  }
  return null;
}

/** What a usable coupon takes off: its amount, at most the payable total. */
export const couponDeduction = (coupon: Pick<CouponTerms, 'amount'>, total: number) =>
  Math.min(coupon.amount, Math.max(0, total));

/** True when a coupon not yet expired ends within EXPIRING_SOON_DAYS of `at`. */
export const isExpiringSoon = (validTo: Date, at: Date) =>
  validTo.getTime() > at.getTime() &&
  validTo.getTime() - at.getTime() <= EXPIRING_SOON_DAYS * DAY_MS;

export const memberCouponSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  serviceType: z.enum(couponServiceTypes),
  /** Fen off. */
  amount: z.number().int(),
  /** The least payable total it applies to, fen (0: any). */
  minOrderAmount: z.number().int(),
  validFrom: z.string(),
  validTo: z.string(),
  state: z.enum(couponStates),
  /** Unused and ending within 7 days. */
  isExpiringSoon: z.boolean(),
  /** How it came: the registration bundle, a campaign claimed, a staff grant. */
  source: z.enum(['register', 'campaign', 'grant']),
  /** The order it paid (used only). */
  orderNo: z.string().nullable(),
  usedAt: z.string().nullable(),
  /**
   * A layout or BOM coupon redeemed against an offline quote (decision 0066): the quote's
   * reference, its amount and what the coupon took off it, fen.
   */
  quote: z
    .object({ ref: z.string(), amount: z.number().int(), deduction: z.number().int() })
    .nullable(),
});
export type MemberCoupon = z.infer<typeof memberCouponSchema>;

export const couponCountsSchema = z.object({
  unused: z.number().int(),
  used: z.number().int(),
  expired: z.number().int(),
  /** Unused ones ending within 7 days. */
  expiringSoon: z.number().int(),
});
export type CouponCounts = z.infer<typeof couponCountsSchema>;

/** A coupon of the pay sheet: usable (with what it takes off) or not (with why). */
export const usableCouponSchema = memberCouponSchema.extend({
  isUsable: z.boolean(),
  /** Fen it would take off this order (0 when unusable). */
  deduction: z.number().int(),
  reason: z.string().nullable(),
});
export type UsableCoupon = z.infer<typeof usableCouponSchema>;

export const usableCouponsSchema = z.object({
  /** The payable total the coupons were checked against, fen. */
  amount: z.number().int(),
  /**
   * Usable first, the largest deduction first (then the earliest end), at most
   * USABLE_LIST_USABLE_MAX; then the others with why, at most USABLE_LIST_OTHERS_MAX.
   */
  items: z.array(usableCouponSchema),
  /** How many of the member's coupons are usable, and not, in all (beyond the list's caps). */
  usableCount: z.number().int(),
  unusableCount: z.number().int(),
  /** The coupon the pay sheet preselects: the first usable one (decision 0061), or null. */
  bestId: z.number().int().nullable(),
});
export type UsableCoupons = z.infer<typeof usableCouponsSchema>;

export const couponCheckSchema = z.object({
  isUsable: z.boolean(),
  deduction: z.number().int(),
  reason: z.string().nullable(),
  /** What would be left to pay, fen. */
  payable: z.number().int(),
});
export type CouponCheck = z.infer<typeof couponCheckSchema>;

/** One coupon of a bundle or a campaign as the member reads it before holding it. */
export const couponOfferSchema = z.object({
  templateId: z.number().int(),
  name: z.string(),
  serviceType: z.enum(couponServiceTypes),
  amount: z.number().int(),
  minOrderAmount: z.number().int(),
  /** `有效期至2026-12-31` or `领取后30天内有效`. */
  validity: z.string(),
  quantity: z.number().int(),
});
export type CouponOffer = z.infer<typeof couponOfferSchema>;

export const registerRebatesSchema = z.object({
  /** The bundle's coupons (empty when there is none on offer). */
  items: z.array(couponOfferSchema),
  isReceived: z.boolean(),
  receivedAt: z.string().nullable(),
});
export type RegisterRebates = z.infer<typeof registerRebatesSchema>;

export const campaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  coupon: couponOfferSchema,
  stock: z.number().int(),
  /** Coupons still to claim. */
  stockLeft: z.number().int(),
  perMemberLimit: z.number().int(),
  /** How many more the caller may claim (0 when they hold their limit). */
  remaining: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const REGISTER_RECEIVED_MESSAGE = '新人礼包已领取过';
export const REGISTER_EMPTY_MESSAGE = '暂无可领取的新人礼包';
export const CAMPAIGN_NOT_FOUND_MESSAGE = '活动不存在或已结束';
export const CAMPAIGN_SOLD_OUT_MESSAGE = '优惠券已领完';
export const campaignLimitMessage = (limit: number) => `每人限领${limit}张，您已领满`;

const orderCouponsInput = z.object({ orderId: idSchema.meta({ title: '订单' }) });
const amountCouponsInput = z.object({
  amount: intSchema(0, 1_000_000_000).meta({ title: '订单金额' }),
});
const orderCheckInput = orderCouponsInput.extend({
  couponId: idSchema.meta({ title: '优惠券' }),
});
const amountCheckInput = amountCouponsInput.extend({
  couponId: idSchema.meta({ title: '优惠券' }),
});

const usableByOrder = (name: string) =>
  ({
    method: 'POST',
    summary: `${name}订单可用的优惠券（最优在前）和不可用的（附原因）`,
    access: 'member',
    whenSwitched: 'allow',
    input: orderCouponsInput,
    output: usableCouponsSchema,
  }) as const;

const usableByAmount = (name: string) =>
  ({
    method: 'POST',
    summary: `${name}服务按金额可用的优惠券（最优在前）和不可用的（附原因；该服务无在线下单，由业务员报价后抵扣）`,
    access: 'member',
    whenSwitched: 'allow',
    input: amountCouponsInput,
    output: usableCouponsSchema,
  }) as const;

const checkByOrder = (name: string) =>
  ({
    method: 'POST',
    summary: `再次检查优惠券能否用于${name}订单`,
    access: 'member',
    whenSwitched: 'allow',
    input: orderCheckInput,
    output: couponCheckSchema,
  }) as const;

const checkByAmount = (name: string) =>
  ({
    method: 'POST',
    summary: `再次检查优惠券能否用于${name}服务的金额`,
    access: 'member',
    whenSwitched: 'allow',
    input: amountCheckInput,
    output: couponCheckSchema,
  }) as const;

export const MemberRebate = defineModule('MemberRebate', {
  GetRegisterRebates: {
    method: 'GET',
    summary: '新人礼包（注册返利）的优惠券及是否已领取',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: registerRebatesSchema,
  },
  ReceiveRebate: {
    method: 'POST',
    summary: '领取新人礼包：每位会员只能领取一次',
    access: 'member',
    whenSwitched: 'refuse',
    input: emptyInput,
    output: z.object({ count: z.number().int() }),
  },
  GetList: {
    method: 'GET',
    summary: '我的优惠券（未使用/已使用/已过期），未使用的即将过期的在前',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({
      state: z
        .enum(couponStates, { error: '状态不正确' })
        .default('unused')
        .meta({ title: '状态' }),
      ...pageInput,
    }),
    output: pageOf(memberCouponSchema),
  },
  GetNum: {
    method: 'GET',
    summary: '各状态的优惠券数量',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: couponCountsSchema,
  },
  GetAvailableNum: {
    method: 'GET',
    summary: '可用（未使用且未过期）的优惠券数量',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: z.object({ count: z.number().int(), expiringSoon: z.number().int() }),
  },
  GetAvailableList: {
    method: 'GET',
    summary: '可用的优惠券，即将过期的在前（最多100张）',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: z.array(memberCouponSchema),
  },
  getPcbUseableRebates: usableByOrder('PCB'),
  getSmtUseableRebates: usableByOrder('SMT贴片'),
  getStencilUseableRebates: usableByOrder('钢网'),
  getLayoutUseableRebates: usableByAmount('PCB设计'),
  getBomUseableRebates: usableByAmount('BOM配单'),
  CheckPcbCouponUseable: checkByOrder('PCB'),
  CheckSmtCouponUseable: checkByOrder('SMT贴片'),
  CheckStencilCouponUseable: checkByOrder('钢网'),
  CheckLayoutCouponUseable: checkByAmount('PCB设计'),
  CheckBomCouponUseable: checkByAmount('BOM配单'),
  // Not in the catalogue (decision 0062): the claim centre's list and its claim.
  GetCampaigns: {
    method: 'GET',
    summary: '领券中心：进行中的领券活动，含剩余库存和本人还可领取的张数',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: z.array(campaignSchema),
  },
  ClaimCampaign: {
    method: 'POST',
    summary: '领取活动优惠券一张：库存和每人限领由数据库保证不超',
    access: 'member',
    whenSwitched: 'refuse',
    input: z.object({ id: idSchema.meta({ title: '活动' }) }),
    output: z.object({ coupon: memberCouponSchema, remaining: z.number().int() }),
  },
});
