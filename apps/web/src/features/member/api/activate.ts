import { useMutation } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';
import { invalidateQueries } from '../../../lib/invalidate';
import { memberInfoQueryKey } from '../../../lib/member-info';
import { signMbAgreement } from './sign-agreement';

export const activate = () => apiCall(api.MemberAuth.Activate, {});

/** The member's status and accepted agreement version. */
export const activateInvalidates = [memberInfoQueryKey] as const;

/**
 * Activates an account created by staff. The server requires the current agreement to be
 * signed first, so both calls run in that order; the member info then shows the new status.
 */
export const useActivate = () =>
  useMutation({
    mutationFn: async () => {
      await signMbAgreement();
      return activate();
    },
    // A failed refresh does not turn a done activation into an error (it only marks the
    // query stale; the next screen that shows it asks again).
    onSuccess: () => invalidateQueries(activateInvalidates),
  });
