import { StaffAccount } from '@pcb/contract/staff-account';
import { StaffAudit } from '@pcb/contract/staff-audit';
import { useEndpointMutation } from '../../../lib/endpoint-query';

export const useResetStaffPassword = () =>
  useEndpointMutation(StaffAccount.ResetPassword, { invalidates: [StaffAudit.List] });
