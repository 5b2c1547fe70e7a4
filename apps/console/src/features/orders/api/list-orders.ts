import { StaffOrder } from '@pcb/contract/staff-order';
import type { InputOf } from '@pcb/contract';
import { useEndpointQuery } from '../../../lib/api';

/** Orders by kind, status and keyword; the new ones (待审核) first by default. */
export const useOrders = (input: InputOf<typeof StaffOrder.List>) =>
  useEndpointQuery(StaffOrder.List, input, { keepPrevious: true });
