import type { InputOf } from '@pcb/contract';
import { StaffFinance } from '@pcb/contract/staff-finance';
import { useEndpointQuery } from '../../../lib/api';

/** One page of refunds through a provider. */
export const useRefunds = (input: InputOf<typeof StaffFinance.ListRefunds>) =>
  useEndpointQuery(StaffFinance.ListRefunds, input, { keepPrevious: true });
