import { useMutation } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';
import { loadMemberInfo } from '../../../lib/member-info';
import { signMbAgreement } from './sign-agreement';

export const activate = () => apiCall(api.MemberAuth.Activate, {});

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
    // A failed refresh must not turn a done activation into an error; the next navigation
    // loads the member info again.
    onSuccess: () => loadMemberInfo().catch(() => undefined),
  });
