import { StaffOrder } from '@pcb/contract/staff-order';
import { useEndpointMutation } from '../../../lib/api';
import { orderDeskQueries } from './desk-queries';

/** A new price (fee lines) with its reason: 待确认 until the member answers. */
export const useChangeOrderPrice = () =>
  useEndpointMutation(StaffOrder.ChangePrice, { invalidates: orderDeskQueries });
