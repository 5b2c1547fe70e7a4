import { StaffCoupon } from '@pcb/contract/staff-coupon';
import type { InputOf } from '@pcb/contract';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/api';

/** A member's coupons for the drawer (decision 0066). */
export const useMemberCoupons = (input: InputOf<typeof StaffCoupon.MemberCoupons>) =>
  useEndpointQuery(StaffCoupon.MemberCoupons, input, { keepPrevious: true });
/** 核销: a layout or BOM coupon against an offline quote, once. */
export const useRedeemCoupon = () =>
  useEndpointMutation(StaffCoupon.Redeem, { invalidates: [StaffCoupon.MemberCoupons] });
