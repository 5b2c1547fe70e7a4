import { StaffOrder } from '@pcb/contract/staff-order';
import { useEndpointQuery } from '../../../lib/api';

/**
 * One order: parameters, fee lines, receiver (masked), file link, timeline, questions, price
 * change, production, parcels, payment, and what the caller's roles may do now.
 */
export const useOrder = (id: number | null) =>
  useEndpointQuery(StaffOrder.Get, { id: id ?? 0 }, { enabled: id !== null });
