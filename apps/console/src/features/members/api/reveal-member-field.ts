import { StaffMember } from '@pcb/contract/staff-member';
import { useEndpointMutation } from '../../../lib/api';

/** The full value of a masked field; the server writes it to the audit log. */
export const useRevealMemberField = () =>
  useEndpointMutation(StaffMember.Reveal, { invalidates: [] });
