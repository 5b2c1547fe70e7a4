import { StaffCompanyApply } from '@pcb/contract/staff-company-apply';
import { useEndpointMutation } from '../../../lib/api';

/** Refused with a reason the member sees; they may edit and resubmit. */
export const useRejectCompanyApply = () =>
  useEndpointMutation(StaffCompanyApply.Reject, {
    invalidates: [StaffCompanyApply.List, StaffCompanyApply.Get],
  });
