import { StaffOrder } from '@pcb/contract/staff-order';
import { useEndpointMutation } from '../../../lib/api';
import { orderDeskQueries } from './desk-queries';

/** The next production step, with when it was done. */
export const useRecordOrderStep = () =>
  useEndpointMutation(StaffOrder.RecordStep, { invalidates: orderDeskQueries });
