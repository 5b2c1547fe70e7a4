import { StaffOrder } from '@pcb/contract/staff-order';
import { useEndpointMutation } from '../../../lib/api';
import { orderDeskQueries } from './desk-queries';

/** A tracking event of one parcel (time, place, text). */
export const useAddParcelEvent = () =>
  useEndpointMutation(StaffOrder.AddParcelEvent, { invalidates: orderDeskQueries });
