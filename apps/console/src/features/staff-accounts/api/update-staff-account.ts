import { StaffAccount } from '@pcb/contract/staff-account';
import { useEndpointMutation } from '../../../lib/api';

/** Name, roles or status; disabling ends the account's sessions. */
export const useUpdateStaffAccount = () =>
  useEndpointMutation(StaffAccount.Update, { invalidates: [StaffAccount.List] });
