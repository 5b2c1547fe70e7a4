import type { InputOf } from '@pcb/contract';
import { StaffFinance } from '@pcb/contract/staff-finance';
import { useEndpointQuery } from '../../../lib/api';

/** One page of payments (online ones, paid or not, and orders paid otherwise). */
export const usePayments = (input: InputOf<typeof StaffFinance.ListPayments>) =>
  useEndpointQuery(StaffFinance.ListPayments, input, { keepPrevious: true });
