import {
  EXPIRING_SOON_DAYS,
  isExpiringSoon,
  type CouponOffer,
  type CouponState,
  type MemberCoupon,
} from '@pcb/contract';
import type {
  CouponTemplateRow,
  MemberCouponRow,
  NewMemberCouponTerms,
} from './member-rebate.table';

const DAY_MS = 86_400_000;
export const soonAfter = (at: Date) => new Date(at.getTime() + EXPIRING_SOON_DAYS * DAY_MS);

const CHINA_OFFSET_MS = 8 * 3_600_000;
/** `2026-01-05`: the day in China. */
export const chinaDay = (at: Date) =>
  new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);

export function stateOf(row: Pick<MemberCouponRow, 'usedAt' | 'validTo'>, at: Date): CouponState {
  if (row.usedAt !== null) return 'used';
  return row.validTo.getTime() <= at.getTime() ? 'expired' : 'unused';
}

export function toMemberCoupon(row: MemberCouponRow, at: Date): MemberCoupon {
  const state = stateOf(row, at);
  return {
    id: row.id,
    name: row.name,
    serviceType: row.serviceType,
    amount: row.amountFen,
    minOrderAmount: row.minOrderFen,
    validFrom: row.validFrom.toISOString(),
    validTo: row.validTo.toISOString(),
    state,
    isExpiringSoon: state === 'unused' && isExpiringSoon(row.validTo, at),
    source: row.source,
    orderNo: row.usedOrderNo,
    usedAt: row.usedAt?.toISOString() ?? null,
    quote:
      row.redeemedQuote !== null
        ? {
            ref: row.redeemedQuote,
            amount: row.redeemedQuoteFen ?? 0,
            deduction: row.redeemedFen ?? 0,
          }
        : null,
  };
}

/** The window of a coupon granted now from this template; null when the template's has ended. */
export function windowOf(
  template: CouponTemplateRow,
  at: Date,
): { validFrom: Date; validTo: Date } | null {
  if (template.validityKind === 'days') {
    return { validFrom: at, validTo: new Date(at.getTime() + template.validDays! * DAY_MS) };
  }
  if (template.validTo!.getTime() <= at.getTime()) return null;
  return { validFrom: template.validFrom!, validTo: template.validTo! };
}

/** The template's terms for a new member coupon (without its member and source). */
export function termsOf(template: CouponTemplateRow, at: Date): NewMemberCouponTerms | null {
  const window = windowOf(template, at);
  if (!window) return null;
  return {
    templateId: template.id,
    name: template.name,
    serviceType: template.serviceType,
    amountFen: template.amountFen,
    minOrderFen: template.minOrderFen,
    ...window,
    createdAt: at,
  };
}

export function offerOf(template: CouponTemplateRow, quantity: number): CouponOffer {
  return {
    templateId: template.id,
    name: template.name,
    serviceType: template.serviceType,
    amount: template.amountFen,
    minOrderAmount: template.minOrderFen,
    validity:
      template.validityKind === 'days'
        ? `领取后${template.validDays}天内有效`
        : `${chinaDay(template.validFrom!)}至${chinaDay(new Date(template.validTo!.getTime() - 1))}有效`,
    quantity,
  };
}
