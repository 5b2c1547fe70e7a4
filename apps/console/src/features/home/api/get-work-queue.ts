import { StaffOrder } from '@pcb/contract/staff-order';
import { useEndpointQuery } from '../../../lib/api';

/** The caller's order work queues with their counts (one per role's duty). */
export const useWorkQueue = () => useEndpointQuery(StaffOrder.GetWorkQueue, {}, { staleTime: 0 });
