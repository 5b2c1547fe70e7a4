import { StaffOrder } from '@pcb/contract/staff-order';
import type { InputOf } from '@pcb/contract';
import { useEndpointQuery } from '../../../lib/api';

/** The desk's chips: how many orders each status with work holds under the other filters. */
export const useStatusCounts = (input: InputOf<typeof StaffOrder.GetStatusCounts>) =>
  useEndpointQuery(StaffOrder.GetStatusCounts, input, { keepPrevious: true });
