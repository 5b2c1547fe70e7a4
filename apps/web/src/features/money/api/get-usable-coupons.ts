import { MemberRebate } from '@pcb/contract/member-rebate';
import type { OrderKind } from '@pcb/contract/order-life';
import { useEndpointQuery } from '../../../lib/api';

const usableCalls = {
  pcb: MemberRebate.getPcbUseableRebates,
  smt: MemberRebate.getSmtUseableRebates,
  stencil: MemberRebate.getStencilUseableRebates,
} as const;

/** The pay sheet's coupons for the order: usable best first, then the others with why. */
export const useUsableCoupons = (kind: OrderKind, orderId: number) =>
  useEndpointQuery(usableCalls[kind], { orderId }, { staleTime: 0 });
