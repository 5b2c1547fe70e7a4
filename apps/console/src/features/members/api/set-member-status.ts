import { StaffMember } from '@pcb/contract/staff-member';
import { useEndpointMutation } from '../../../lib/api';

/** Disable (ends the member's sessions) or enable, with a reason. */
export const useSetMemberStatus = () =>
  useEndpointMutation(StaffMember.SetStatus, {
    invalidates: [StaffMember.Search, StaffMember.Get],
  });
