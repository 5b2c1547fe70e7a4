import type { InputOf } from '@pcb/contract';
import { StaffMember } from '@pcb/contract/staff-member';
import { useEndpointQuery } from '../../../lib/api';

/** Members found by a keyword (mobile prefix, name, user name, company): whose ledger to open. */
export const useMemberSearch = (input: InputOf<typeof StaffMember.Search>, enabled: boolean) =>
  useEndpointQuery(StaffMember.Search, input, { enabled, keepPrevious: true });
