import { StaffMember } from '@pcb/contract/staff-member';
import { useEndpointQuery } from '../../../lib/api';

/** The member an ID names, so finance sees whom a transfer is about to be credited to. */
export const useMemberToCredit = (id: number | null) =>
  useEndpointQuery(StaffMember.Get, { id: id ?? 0 }, { enabled: id !== null });
