import { StaffAuth } from '@pcb/contract/staff-auth';
import { useEndpointMutation } from '../../../lib/api';
import { startSession } from '../../../lib/staff-session';

/** The password step; an account without a second factor is logged in at once. */
export const useLogin = () =>
  useEndpointMutation(StaffAuth.Login, {
    invalidates: [],
    onSuccess: (result) => {
      if (result.next === 'done') startSession(result.session);
    },
  });
