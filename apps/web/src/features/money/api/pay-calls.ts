import type { EndpointDef } from '@pcb/contract';
import { Pcb, Smt, Stencil, type OrderKind } from '@pcb/contract/order-quote';
import { MemberAdvancePayment } from '@pcb/contract/member-advance-payment';
import { MemberInfo } from '@pcb/contract/member-info';

/** An endpoint of another module with the same input and output (the three kinds share them). */
type Like<E extends EndpointDef> = EndpointDef<E['input'], E['output']>;

/** What paying an order reads and writes, by kind (the catalogue names them per module). */
export interface PayCalls {
  pay: Like<typeof Pcb.Pay>;
  detail: Like<typeof Pcb.GetDetail>;
  list: Like<typeof Pcb.GetMemberPcbOrders>;
  counts: Like<typeof Pcb.GetMemberOrderStatusNum>;
  latest: Like<typeof Pcb.GetMemberLatestOrder>;
}

export const payCalls: Record<OrderKind, PayCalls> = {
  pcb: {
    pay: Pcb.Pay,
    detail: Pcb.GetDetail,
    list: Pcb.GetMemberPcbOrders,
    counts: Pcb.GetMemberOrderStatusNum,
    latest: Pcb.GetMemberLatestOrder,
  },
  smt: {
    pay: Smt.Pay,
    detail: Smt.GetDetail,
    list: Smt.GetList,
    counts: Smt.GetMemberOrderStatusNum,
    latest: Smt.GetMemberLatestOrder,
  },
  stencil: {
    pay: Stencil.Pay,
    detail: Stencil.GetDetail,
    list: Stencil.GetList,
    counts: Stencil.GetMemberOrderStatusNum,
    latest: Stencil.GetMemberLatestOrder,
  },
};

/** What money moving changes on screen: the balances, the logs and the header's balance. */
export const moneyInvalidates: EndpointDef[] = [
  MemberAdvancePayment.GetBalance,
  MemberAdvancePayment.GetLogs,
  MemberAdvancePayment.GetAdvancePaymentLogs,
  MemberAdvancePayment.GetGiftPaymentLogs,
  MemberInfo.Get,
];

/** What a payment of an order changes: the order everywhere it shows, and the money. */
export const payInvalidates = (kind: OrderKind): EndpointDef[] => {
  const calls = payCalls[kind];
  return [
    calls.detail,
    calls.list,
    calls.counts,
    calls.latest,
    ...(kind === 'pcb' ? [Pcb.GetOrderProcess] : []),
    ...moneyInvalidates,
  ];
};
