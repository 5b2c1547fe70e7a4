import { MemberAuth } from '@pcb/contract/member-auth';
import { endSessionByChoice } from '../../../lib/auth-session';
import { useEndpointMutation } from '../../../lib/api';

/**
 * Ends the member's sessions on every device. Only once the server has confirmed it does the
 * session end here as well (as an explicit logout); a failure leaves everything as it was.
 */
export const useLogoutAll = () =>
  useEndpointMutation(MemberAuth.LogoutAll, {
    // None: the session ends here too, and with it every member-specific query.
    invalidates: [],
    toInput: (_: void) => ({}),
    onSuccess: () => endSessionByChoice(),
  });
