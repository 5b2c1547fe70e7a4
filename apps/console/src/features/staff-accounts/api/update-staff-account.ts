import { StaffAccount } from '@pcb/contract/staff-account';
import { StaffAudit } from '@pcb/contract/staff-audit';
import { useEndpointMutation } from '../../../lib/endpoint-query';

/** Name, roles or status; disabling ends the account's sessions. */
export const useUpdateStaffAccount = () =>
  useEndpointMutation(StaffAccount.Update, { invalidates: [StaffAccount.List, StaffAudit.List] });
