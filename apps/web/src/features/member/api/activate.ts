import { MemberAuthSession } from '@pcb/contract/member-auth-session';
import { MemberInfoRead } from '@pcb/contract/member-info-read';
import { apiCall, useEndpointMutation } from '../../../lib/api';

/**
 * Activates an account created by staff. The server requires the current agreement to be
 * signed first, so both calls run in that order; the member info then shows the new status.
 */
export const useActivate = () =>
  useEndpointMutation(MemberAuthSession.Activate, {
    // The member's status and accepted agreement version. A failed refresh does not turn a done
    // activation into an error (it only marks the query stale).
    invalidates: [MemberInfoRead.Get],
    toInput: (_: void) => ({}),
    prepare: () => apiCall(MemberAuthSession.SignMbAgreement, {}),
  });
