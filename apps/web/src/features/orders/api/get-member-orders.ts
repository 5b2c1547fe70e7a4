import { useInfiniteQuery } from '@tanstack/react-query';
import type { OrderKind, OrderStatus } from '@pcb/contract/order-life';
import { apiCall } from '../../../lib/api';
import { endpointKey } from '@pcb/client';
import { orderCalls } from './order-calls';

export const ORDER_PAGE_SIZE = 10;

/**
 * The member's orders of one kind, newest first, one status or all, a page at a time (the
 * list's infinite scroll). Under the list endpoint's key, so an order's change reaches it.
 */
export function useMemberOrders(kind: OrderKind, status: OrderStatus | 'all') {
  const list = orderCalls[kind].list;
  return useInfiniteQuery({
    queryKey: endpointKey(list, { status, pageSize: ORDER_PAGE_SIZE }),
    queryFn: ({ pageParam, signal }) =>
      apiCall(list, { status, page: pageParam, pageSize: ORDER_PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    meta: { access: list.access },
  });
}
