import type { EndpointDef } from '@pcb/contract';
import { PcbLife, SmtLife, StencilLife, type OrderKind } from '@pcb/contract/order-life';
import { useEndpointQuery } from '../../../lib/api';

/** An order's detail by kind (the three modules' `GetDetail` share input and output). */
const detailCalls: Record<
  OrderKind,
  EndpointDef<typeof PcbLife.GetDetail.input, typeof PcbLife.GetDetail.output>
> = {
  pcb: PcbLife.GetDetail,
  smt: SmtLife.GetDetail,
  stencil: StencilLife.GetDetail,
};

/**
 * The order as the server has it now (the same answer as its detail's): the amount due is its
 * `total`, never a figure the page worked out. Asked again each time the sheet opens. Without
 * the pay calls, so /TheOrders/payFail loads no payment schemas.
 */
export const useOrderToPay = (kind: OrderKind, id: number, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(detailCalls[kind], { id }, { enabled: options.enabled, staleTime: 0 });
