import type { OrderStatusCounts } from '@pcb/contract';
import { orderKinds, type OrderKind, type OrderStatus } from '@pcb/contract/order-life';
import { useEndpointQuery } from '../../../lib/api';
import { orderCalls } from './order-calls';

/** How many orders of one kind are in each status (`GetMemberOrderStatusNum`). */
export const useOrderCounts = (kind: OrderKind) => useEndpointQuery(orderCalls[kind].counts, {});

export interface AllOrderCounts {
  /** Per status, the three kinds added up; null until every kind has answered. */
  total: OrderStatusCounts | null;
  byKind: Partial<Record<OrderKind, OrderStatusCounts>>;
  isError: boolean;
  refetch: () => void;
}

/** The counts of every kind, for the member centre's 我的订单. */
export function useAllOrderCounts(enabled = true): AllOrderCounts {
  // One query per kind, written out: TanStack's useQueries would add 1.6 KB gzip to the screens
  // for a list whose length never changes (decision 0012's budgets). `satisfies` names every kind.
  const byKindResult = {
    pcb: useEndpointQuery(orderCalls.pcb.counts, {}, { enabled }),
    smt: useEndpointQuery(orderCalls.smt.counts, {}, { enabled }),
    stencil: useEndpointQuery(orderCalls.stencil.counts, {}, { enabled }),
  } satisfies Record<OrderKind, unknown>;
  const results = orderKinds.map((kind) => byKindResult[kind]);
  const byKind: Partial<Record<OrderKind, OrderStatusCounts>> = {};
  orderKinds.forEach((kind, i) => {
    const data = results[i]?.data;
    if (data) byKind[kind] = data;
  });
  const answered = orderKinds.every((kind) => byKind[kind]);
  let total: OrderStatusCounts | null = null;
  if (answered) {
    const sum = { ...byKind.pcb! };
    for (const kind of orderKinds.slice(1)) {
      for (const key of Object.keys(sum) as (OrderStatus | 'all')[]) {
        sum[key] += byKind[kind]![key];
      }
    }
    total = sum;
  }
  return {
    total,
    byKind,
    isError: results.some((r) => r.isError),
    refetch: () => results.forEach((r) => r.isError && void r.refetch()),
  };
}
