import type { OrderKind } from '@pcb/contract/order-life';
import { useEndpointMutation } from '../../../lib/api';
import { orderCalls, orderWriteInvalidates } from './order-calls';

/** The parcels arrived: 已发货 → 已完成. */
export const useConfirmReceipt = (kind: OrderKind) =>
  useEndpointMutation(orderCalls[kind].confirmReceipt, {
    invalidates: orderWriteInvalidates(kind),
    toInput: (id: number) => ({ id }),
  });
