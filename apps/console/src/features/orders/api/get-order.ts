import { StaffOrder } from '@pcb/contract/staff-order';
import { useEndpointQuery } from '../../../lib/api';

/**
 * One order: parameters, fee lines, receiver (masked), file link, timeline, questions, price
 * change, production, parcels, payment, and what the caller's roles may do now. Other staff and
 * the member move orders on while the desk is open: the drawer asks again whenever it opens and
 * when the window comes back into focus, never showing a cached answer as current (the desk's
 * own actions invalidate it: desk-queries.ts).
 */
export const useOrder = (id: number | null) =>
  useEndpointQuery(
    StaffOrder.Get,
    { id: id ?? 0 },
    { enabled: id !== null, staleTime: 0, refetchOnWindowFocus: true },
  );
