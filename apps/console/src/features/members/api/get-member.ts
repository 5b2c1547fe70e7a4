import { StaffMember } from '@pcb/contract/staff-member';
import { useEndpointQuery } from '../../../lib/api';

export const useMember = (id: number | null) =>
  useEndpointQuery(StaffMember.Get, { id: id ?? 0 }, { enabled: id !== null });
