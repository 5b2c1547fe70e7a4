import type { EndpointDef } from '@pcb/contract';
import { PcbLife, SmtLife, StencilLife, type OrderKind } from '@pcb/contract/order-life';
import { PcbPay, SmtPay, StencilPay } from '@pcb/contract/payment';
import { moneyInvalidates } from './money-invalidates';

/** An endpoint of another module with the same input and output (the three kinds share them). */
type Like<E extends EndpointDef> = EndpointDef<E['input'], E['output']>;

/** What paying an order reads and writes, by kind (the catalogue names them per module). */
export interface PayCalls {
  pay: Like<typeof PcbPay.Pay>;
  detail: Like<typeof PcbLife.GetDetail>;
  list: Like<typeof PcbLife.GetMemberPcbOrders>;
  counts: Like<typeof PcbLife.GetMemberOrderStatusNum>;
  latest: Like<typeof PcbLife.GetMemberLatestOrder>;
}

export const payCalls: Record<OrderKind, PayCalls> = {
  pcb: {
    pay: PcbPay.Pay,
    detail: PcbLife.GetDetail,
    list: PcbLife.GetMemberPcbOrders,
    counts: PcbLife.GetMemberOrderStatusNum,
    latest: PcbLife.GetMemberLatestOrder,
  },
  smt: {
    pay: SmtPay.Pay,
    detail: SmtLife.GetDetail,
    list: SmtLife.GetList,
    counts: SmtLife.GetMemberOrderStatusNum,
    latest: SmtLife.GetMemberLatestOrder,
  },
  stencil: {
    pay: StencilPay.Pay,
    detail: StencilLife.GetDetail,
    list: StencilLife.GetList,
    counts: StencilLife.GetMemberOrderStatusNum,
    latest: StencilLife.GetMemberLatestOrder,
  },
};

/** What a payment of an order changes: the order everywhere it shows, and the money. */
export const payInvalidates = (kind: OrderKind): EndpointDef[] => {
  const calls = payCalls[kind];
  return [
    calls.detail,
    calls.list,
    calls.counts,
    calls.latest,
    ...(kind === 'pcb' ? [PcbLife.GetOrderProcess] : []),
    ...moneyInvalidates,
  ];
};
