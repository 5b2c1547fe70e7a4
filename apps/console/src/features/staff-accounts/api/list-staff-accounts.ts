import { StaffAccount } from '@pcb/contract/staff-account';
import type { InputOf } from '@pcb/contract';
import { useEndpointQuery } from '../../../lib/api';

export const useStaffAccounts = (input: InputOf<typeof StaffAccount.List>) =>
  useEndpointQuery(StaffAccount.List, input, { keepPrevious: true });
