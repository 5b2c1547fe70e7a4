import { useMutation } from '@tanstack/react-query';
import { api, type InputOf } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';
import { replaceAccessToken } from '../../../lib/auth-session';
import { loadMemberInfo } from '../../../lib/member-info';

export type ChangeMobileInput = InputOf<typeof api.MemberInfo.ChangeMobile>;

export const changeMobile = (input: ChangeMobileInput) =>
  apiCall(api.MemberInfo.ChangeMobile, input);

/** Moves the account to the new mobile; the session continues with the returned token. */
export const useChangeMobile = () =>
  useMutation({
    mutationFn: changeMobile,
    onSuccess: ({ accessToken }) => {
      replaceAccessToken(accessToken);
      void loadMemberInfo().catch(() => undefined);
    },
  });
