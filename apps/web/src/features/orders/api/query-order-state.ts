import { OrderState } from '@pcb/contract/order-state';
import { useEndpointMutation } from '../../../lib/api';

/** The public look-up: order number + the receiver's mobile → the masked state. */
export const useQueryOrderState = () => useEndpointMutation(OrderState.Query, { invalidates: [] });
