import { StaffVirtualAccount } from '@pcb/contract/staff-virtual-account';
import type { InputOf } from '@pcb/contract';
import { useEndpointQuery } from '../../../lib/api';

export const useVirtualAccounts = (input: InputOf<typeof StaffVirtualAccount.List>) =>
  useEndpointQuery(StaffVirtualAccount.List, input, { keepPrevious: true });
