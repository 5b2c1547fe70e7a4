import { EqQuestion } from '@pcb/contract/eq-question';
import type { OrderKind } from '@pcb/contract/order-life';
import { useEndpointMutation } from '../../../lib/api';
import { orderCalls, orderWriteInvalidates } from './order-calls';

/** Accepts the engineer's new price: the order moves on once nothing else waits for the member. */
export const useAcceptPriceChange = (kind: OrderKind) =>
  useEndpointMutation(orderCalls[kind].acceptPrice, { invalidates: orderWriteInvalidates(kind) });

/** Refuses the new price: the order is cancelled (its open questions with it). */
export const useRefusePriceChange = (kind: OrderKind) =>
  useEndpointMutation(orderCalls[kind].refusePrice, {
    invalidates: [...orderWriteInvalidates(kind), EqQuestion.GetEqList],
  });
