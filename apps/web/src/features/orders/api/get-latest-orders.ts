import { useQueries } from '@tanstack/react-query';
import type { MemberOrderRow } from '@pcb/contract';
import { orderKinds } from '@pcb/contract/order-life';
import { endpointQueryOptions } from '../../../lib/api';
import { orderCalls } from './order-calls';

/** My newest order of each kind (`GetMemberLatestOrder`), for the home page. */
export function useLatestOrders() {
  const results = useQueries({
    queries: orderKinds.map((kind) => endpointQueryOptions(orderCalls[kind].latest, {})),
  });
  return {
    isPending: results.some((r) => r.isPending),
    isError: results.some((r) => r.isError),
    orders: results.flatMap((r) => (r.data ? [r.data] : [])) as MemberOrderRow[],
    refetch: () => results.forEach((r) => r.isError && void r.refetch()),
  };
}
