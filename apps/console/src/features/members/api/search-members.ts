import { StaffMember } from '@pcb/contract/staff-member';
import type { InputOf } from '@pcb/contract';
import { useEndpointQuery } from '../../../lib/api';

export const useSearchMembers = (input: InputOf<typeof StaffMember.Search>) =>
  useEndpointQuery(StaffMember.Search, input, { keepPrevious: true });
