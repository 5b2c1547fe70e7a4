import { StaffAudit } from '@pcb/contract/staff-audit';
import { StaffCompanyApply } from '@pcb/contract/staff-company-apply';
import { useEndpointMutation } from '../../../lib/endpoint-query';

/** Refused with a reason the member sees; they may edit and resubmit. */
export const useRejectCompanyApply = () =>
  useEndpointMutation(StaffCompanyApply.Reject, {
    invalidates: [StaffCompanyApply.List, StaffCompanyApply.Get, StaffAudit.List],
  });
