import { StaffAuth } from '@pcb/contract/staff-auth';
import { useEndpointMutation } from '../../../lib/api';

/** The staff member's own password; their other sessions end on the server. */
export const useChangePassword = () =>
  useEndpointMutation(StaffAuth.ChangePassword, { invalidates: [] });
