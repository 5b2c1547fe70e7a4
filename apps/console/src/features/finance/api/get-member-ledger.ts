import type { InputOf } from '@pcb/contract';
import { StaffFinance } from '@pcb/contract/staff-finance';
import { useEndpointQuery } from '../../../lib/api';

/** A member's balances and one page of their ledger entries. */
export const useMemberLedger = (input: InputOf<typeof StaffFinance.GetMemberLedger>) =>
  useEndpointQuery(StaffFinance.GetMemberLedger, input, { keepPrevious: true, staleTime: 0 });
