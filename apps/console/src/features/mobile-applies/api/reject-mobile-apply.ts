import { StaffMobileApply } from '@pcb/contract/staff-mobile-apply';
import { useEndpointMutation } from '../../../lib/api';

/** Refused with a reason the member sees. */
export const useRejectMobileApply = () =>
  useEndpointMutation(StaffMobileApply.Reject, {
    invalidates: [StaffMobileApply.List, StaffMobileApply.Get],
  });
