import { StaffOrder } from '@pcb/contract/staff-order';
import { useEndpointMutation } from '../../../lib/api';
import { orderDeskQueries } from './desk-queries';

/** Cancelled before payment, with the reason the member reads. */
export const useCancelOrder = () =>
  useEndpointMutation(StaffOrder.Cancel, { invalidates: orderDeskQueries });
