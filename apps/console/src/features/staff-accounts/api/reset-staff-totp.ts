import { StaffAccount } from '@pcb/contract/staff-account';
import { useEndpointMutation } from '../../../lib/api';

/** The next login enrols an authenticator again. */
export const useResetStaffTotp = () =>
  useEndpointMutation(StaffAccount.ResetTotp, {
    invalidates: [StaffAccount.List],
  });
