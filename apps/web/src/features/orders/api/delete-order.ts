import type { OrderKind } from '@pcb/contract/order-life';
import { useEndpointMutation } from '../../../lib/api';
import { orderCalls, orderWriteInvalidates } from './order-calls';

/** Deletes a cancelled or completed order (soft: it leaves the lists). */
export const useDeleteOrder = (kind: OrderKind) =>
  useEndpointMutation(orderCalls[kind].delete, {
    // The detail of a deleted order answers 订单不存在: only the lists and counts are asked again.
    invalidates: orderWriteInvalidates(kind).filter((e) => e !== orderCalls[kind].detail),
    toInput: (id: number) => ({ id }),
  });
