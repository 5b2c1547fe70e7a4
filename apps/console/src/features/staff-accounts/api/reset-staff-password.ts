import { StaffAccount } from '@pcb/contract/staff-account';
import { useEndpointMutation } from '../../../lib/api';

export const useResetStaffPassword = () =>
  useEndpointMutation(StaffAccount.ResetPassword, { invalidates: [] });
