import type { OrderKind } from '@pcb/contract/order-life';
import { useEndpointMutation } from '../../../lib/api';
import { orderCalls, orderWriteInvalidates } from './order-calls';

/** Cancels an order with the member's reason (待审核, 待确认, 待付款). */
export const useCancelOrder = (kind: OrderKind) =>
  useEndpointMutation(orderCalls[kind].cancel, { invalidates: orderWriteInvalidates(kind) });
