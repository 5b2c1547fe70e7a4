import { StaffOrder } from '@pcb/contract/staff-order';
import { useEndpointQuery } from '../../../lib/api';

/** The caller's work queues with their counts (the desk's queue filter). */
export const useWorkQueue = () => useEndpointQuery(StaffOrder.GetWorkQueue, {});
