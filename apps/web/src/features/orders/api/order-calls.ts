import type { EndpointDef } from '@pcb/contract';
import { Pcb, Smt, Stencil, type OrderKind } from '@pcb/contract/order-quote';

/** An endpoint of another module with the same input and output (the three kinds share them). */
type Like<E extends EndpointDef> = EndpointDef<E['input'], E['output']>;

/**
 * The calls of an order's life, by kind: the catalogue names them per module (`Pcb` lists with
 * `GetMemberPcbOrders`, `Smt` and `Stencil` with `GetList`; PCB cancels with POST, the others
 * with PATCH), the contract gives them one input and one output. The screens pick by kind
 * here and nowhere else.
 */
export interface OrderCalls {
  list: Like<typeof Pcb.GetMemberPcbOrders>;
  counts: Like<typeof Pcb.GetMemberOrderStatusNum>;
  detail: Like<typeof Pcb.GetDetail>;
  latest: Like<typeof Pcb.GetMemberLatestOrder>;
  updateReceiver: Like<typeof Pcb.UpdateReceiver>;
  cancel: Like<typeof Pcb.Cancel>;
  delete: Like<typeof Pcb.Delete>;
  updateFile: Like<typeof Pcb.UpdateFile>;
  acceptPrice: Like<typeof Pcb.AcceptPriceChange>;
  refusePrice: Like<typeof Pcb.RefusePriceChange>;
  confirmReceipt: Like<typeof Pcb.ConfirmReceipt>;
}

const callsOf = (module: typeof Smt | typeof Stencil): OrderCalls => ({
  list: module.GetList,
  counts: module.GetMemberOrderStatusNum,
  detail: module.GetDetail,
  latest: module.GetMemberLatestOrder,
  updateReceiver: module.UpdateReceiver,
  cancel: module.Cancel,
  delete: module.Delete,
  updateFile: module.UpdateFile,
  acceptPrice: module.AcceptPriceChange,
  refusePrice: module.RefusePriceChange,
  confirmReceipt: module.ConfirmReceipt,
});

export const orderCalls: Record<OrderKind, OrderCalls> = {
  pcb: {
    list: Pcb.GetMemberPcbOrders,
    counts: Pcb.GetMemberOrderStatusNum,
    detail: Pcb.GetDetail,
    latest: Pcb.GetMemberLatestOrder,
    updateReceiver: Pcb.UpdateReceiver,
    cancel: Pcb.Cancel,
    delete: Pcb.Delete,
    updateFile: Pcb.UpdateFile,
    acceptPrice: Pcb.AcceptPriceChange,
    refusePrice: Pcb.RefusePriceChange,
    confirmReceipt: Pcb.ConfirmReceipt,
  },
  smt: callsOf(Smt),
  stencil: callsOf(Stencil),
};

/**
 * What an order's change shows elsewhere: the kind's list, counts, latest order and detail,
 * and the PCB timeline (decision 0011: every mutation names what it changes).
 */
export const orderWriteInvalidates = (kind: OrderKind): EndpointDef[] => {
  const calls = orderCalls[kind];
  return [
    calls.list,
    calls.counts,
    calls.latest,
    calls.detail,
    ...(kind === 'pcb' ? [Pcb.GetOrderProcess] : []),
  ];
};
