import { payMethods, type PayMethod } from '@pcb/contract/payment';
import type { UsableCoupons } from '@pcb/contract/member-rebate';

/**
 * A coupon pays together with every method (decisions 0061, 0064): the balance, the gift
 * balance, 月结 or the provider pays the total less its deduction.
 */
export const couponMethods: readonly PayMethod[] = payMethods;

/**
 * The coupon in force: the member's pick, or (not picked yet) the best usable one, which the
 * sheet preselects (decision 0061); null for none. A pick that is no longer usable is none.
 */
export function chosenCoupon(list: UsableCoupons | undefined, picked: number | null | undefined) {
  if (!list) return null;
  const id = picked === undefined ? list.bestId : picked;
  const item = list.items.find((c) => c.id === id);
  return item && item.isUsable ? item : null;
}
