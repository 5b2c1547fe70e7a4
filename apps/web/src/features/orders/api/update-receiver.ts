import { MemberReceiver } from '@pcb/contract/member-receiver';
import type { OrderKind } from '@pcb/contract/order-life';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/api';
import { orderCalls, orderWriteInvalidates } from './order-calls';

/** The member's receivers to pick from (the server keeps at most RECEIVER_LIMIT). */
export const useReceiverChoices = () =>
  useEndpointQuery(MemberReceiver.GetPagedList, { page: 1, pageSize: 50 });

/** The order keeps a copy of the chosen receiver as it is now. */
export const useUpdateReceiver = (kind: OrderKind) =>
  useEndpointMutation(orderCalls[kind].updateReceiver, {
    invalidates: orderWriteInvalidates(kind),
  });
