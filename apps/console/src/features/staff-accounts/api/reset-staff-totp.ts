import { StaffAccount } from '@pcb/contract/staff-account';
import { StaffAudit } from '@pcb/contract/staff-audit';
import { useEndpointMutation } from '../../../lib/endpoint-query';

/** The next login enrols an authenticator again. */
export const useResetStaffTotp = () =>
  useEndpointMutation(StaffAccount.ResetTotp, {
    invalidates: [StaffAccount.List, StaffAudit.List],
  });
