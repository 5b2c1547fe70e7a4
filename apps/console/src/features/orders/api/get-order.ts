import { StaffOrder } from '@pcb/contract/staff-order';
import { useEndpointQuery } from '../../../lib/api';

/** One order: parameters, fee lines, receiver (masked), invoice, file link, process log. */
export const useOrder = (id: number | null) =>
  useEndpointQuery(StaffOrder.Get, { id: id ?? 0 }, { enabled: id !== null });
