import { StaffAuth } from '@pcb/contract/staff-auth';
import { useEndpointMutation } from '../../../lib/api';
import { startSession } from '../../../lib/staff-session';

/** The second step: the authenticator app's code starts the session. */
export const useVerifyTotp = () =>
  useEndpointMutation(StaffAuth.VerifyTotp, { invalidates: [], onSuccess: startSession });
