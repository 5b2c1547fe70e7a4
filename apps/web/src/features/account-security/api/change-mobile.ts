import { MemberInfo } from '@pcb/contract/member-info';
import { replaceAccessToken } from '../../../lib/auth-session';
import { useEndpointMutation } from '../../../lib/api';
import { patchMemberInfo } from '../../../lib/member-info';

/** Moves the account to the new mobile; the session continues with the returned token. */
export const useChangeMobile = () =>
  useEndpointMutation(MemberInfo.ChangeMobile, {
    // The member's mobile: patched at once, so no screen shows the old number.
    invalidates: [MemberInfo.Get],
    onSuccess: ({ accessToken }, { mobile }) => {
      replaceAccessToken(accessToken);
      patchMemberInfo({ mobile });
    },
    awaitRefetch: false,
  });
