import { StaffMember } from '@pcb/contract/staff-member';
import { useEndpointMutation } from '../../../lib/api';

/** The member's consulting panel shows the new manager from then on. */
export const useAssignManager = () =>
  useEndpointMutation(StaffMember.AssignManager, {
    invalidates: [StaffMember.Search, StaffMember.Get],
  });
