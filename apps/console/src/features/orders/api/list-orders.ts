import { StaffOrder } from '@pcb/contract/staff-order';
import type { InputOf } from '@pcb/contract';
import { useEndpointQuery } from '../../../lib/api';

/** The desk's orders by kind, status, work queue, keyword and day; the role's work by default. */
export const useOrders = (input: InputOf<typeof StaffOrder.List>) =>
  useEndpointQuery(StaffOrder.List, input, { keepPrevious: true });
