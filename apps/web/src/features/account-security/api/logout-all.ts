import { useMutation } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';
import { endSessionByChoice } from '../../../lib/auth-session';

export const logoutAll = () => apiCall(api.MemberAuth.LogoutAll, {});

/** None: the session ends here too, and with it every member-specific query. */
export const logoutAllInvalidates = [] as const;

/**
 * Ends the member's sessions on every device. Only once the server has confirmed it does the
 * session end here as well (as an explicit logout); a failure leaves everything as it was.
 */
export const useLogoutAll = () =>
  useMutation({
    mutationFn: logoutAll,
    onSuccess: () => endSessionByChoice(),
  });
