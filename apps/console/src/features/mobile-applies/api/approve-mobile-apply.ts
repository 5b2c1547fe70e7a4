import { StaffMember } from '@pcb/contract/staff-member';
import { StaffMobileApply } from '@pcb/contract/staff-mobile-apply';
import { useEndpointMutation } from '../../../lib/api';

/** The member's mobile becomes the new one; their sessions end; an SMS tells them. */
export const useApproveMobileApply = () =>
  useEndpointMutation(StaffMobileApply.Approve, {
    invalidates: [StaffMobileApply.List, StaffMobileApply.Get, StaffMember.Search],
  });
