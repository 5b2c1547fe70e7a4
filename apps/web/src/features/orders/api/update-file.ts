import type { OrderKind } from '@pcb/contract/order-life';
import { useEndpointMutation } from '../../../lib/api';
import { orderCalls, orderWriteInvalidates } from './order-calls';

/** Replaces the design file (uploaded first); the order goes back to 待审核. */
export const useUpdateFile = (kind: OrderKind) =>
  useEndpointMutation(orderCalls[kind].updateFile, { invalidates: orderWriteInvalidates(kind) });
