import { StaffAudit } from '@pcb/contract/staff-audit';
import { StaffMember } from '@pcb/contract/staff-member';
import { useEndpointMutation } from '../../../lib/endpoint-query';

/** The full value of a masked field; the server writes it to the audit log. */
export const useRevealMemberField = () =>
  useEndpointMutation(StaffMember.Reveal, { invalidates: [StaffAudit.List] });
