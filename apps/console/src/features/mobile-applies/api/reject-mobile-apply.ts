import { StaffAudit } from '@pcb/contract/staff-audit';
import { StaffMobileApply } from '@pcb/contract/staff-mobile-apply';
import { useEndpointMutation } from '../../../lib/endpoint-query';

/** Refused with a reason the member sees. */
export const useRejectMobileApply = () =>
  useEndpointMutation(StaffMobileApply.Reject, {
    invalidates: [StaffMobileApply.List, StaffMobileApply.Get, StaffAudit.List],
  });
