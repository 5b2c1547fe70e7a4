import { useMutation } from '@tanstack/react-query';
import { api, type InputOf } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';
import { replaceAccessToken } from '../../../lib/auth-session';
import { invalidateQueries } from '../../../lib/invalidate';
import { memberInfoQueryKey, patchMemberInfo } from '../../../lib/member-info';

export type ChangeMobileInput = InputOf<typeof api.MemberInfo.ChangeMobile>;

export const changeMobile = (input: ChangeMobileInput) =>
  apiCall(api.MemberInfo.ChangeMobile, input);

/** What a mobile change makes stale: the member's mobile. */
export const changeMobileInvalidates = [memberInfoQueryKey] as const;

/** Moves the account to the new mobile; the session continues with the returned token. */
export const useChangeMobile = () =>
  useMutation({
    mutationFn: changeMobile,
    onSuccess: ({ accessToken }, { mobile }) => {
      replaceAccessToken(accessToken);
      // Patched at once, so no screen shows the old number; the refetch need not be awaited.
      patchMemberInfo({ mobile });
      void invalidateQueries(changeMobileInvalidates);
    },
  });
