import type { EndpointDef } from '@pcb/contract';
import { PcbLife, SmtLife, StencilLife, type OrderKind } from '@pcb/contract/order-life';

/** An endpoint of another module with the same input and output (the three kinds share them). */
type Like<E extends EndpointDef> = EndpointDef<E['input'], E['output']>;

/**
 * The calls of an order's life, by kind: the catalogue names them per module (`Pcb` lists with
 * `GetMemberPcbOrders`, `Smt` and `Stencil` with `GetList`; PCB cancels with POST, the others
 * with PATCH), the contract gives them one input and one output. The screens pick by kind
 * here and nowhere else. From `order-life`, the wire modules' part without the quote schemas.
 */
export interface OrderCalls {
  list: Like<typeof PcbLife.GetMemberPcbOrders>;
  counts: Like<typeof PcbLife.GetMemberOrderStatusNum>;
  detail: Like<typeof PcbLife.GetDetail>;
  latest: Like<typeof PcbLife.GetMemberLatestOrder>;
  updateReceiver: Like<typeof PcbLife.UpdateReceiver>;
  cancel: Like<typeof PcbLife.Cancel>;
  delete: Like<typeof PcbLife.Delete>;
  updateFile: Like<typeof PcbLife.UpdateFile>;
  acceptPrice: Like<typeof PcbLife.AcceptPriceChange>;
  refusePrice: Like<typeof PcbLife.RefusePriceChange>;
  confirmReceipt: Like<typeof PcbLife.ConfirmReceipt>;
}

const callsOf = (module: typeof SmtLife | typeof StencilLife): OrderCalls => ({
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
    list: PcbLife.GetMemberPcbOrders,
    counts: PcbLife.GetMemberOrderStatusNum,
    detail: PcbLife.GetDetail,
    latest: PcbLife.GetMemberLatestOrder,
    updateReceiver: PcbLife.UpdateReceiver,
    cancel: PcbLife.Cancel,
    delete: PcbLife.Delete,
    updateFile: PcbLife.UpdateFile,
    acceptPrice: PcbLife.AcceptPriceChange,
    refusePrice: PcbLife.RefusePriceChange,
    confirmReceipt: PcbLife.ConfirmReceipt,
  },
  smt: callsOf(SmtLife),
  stencil: callsOf(StencilLife),
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
    ...(kind === 'pcb' ? [PcbLife.GetOrderProcess] : []),
  ];
};
