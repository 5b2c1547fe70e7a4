import { useMutation } from '@tanstack/react-query';
import { api, type ChangePaymentPasswordInput } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';
import { replaceAccessToken } from '../../../lib/auth-session';
import { loadMemberInfo } from '../../../lib/member-info';

export const changePaymentPassword = (input: ChangePaymentPasswordInput) =>
  apiCall(api.MemberAuth.ChangePaymentPassword, input);

/**
 * Sets or changes the payment password. Other tokens end; this session continues with the
 * returned one, and member info is refreshed (hasPaymentPassword).
 */
export const useChangePaymentPassword = () =>
  useMutation({
    mutationFn: changePaymentPassword,
    onSuccess: ({ accessToken }) => {
      replaceAccessToken(accessToken);
      // A failed refresh must not turn a saved password into an error.
      void loadMemberInfo().catch(() => undefined);
    },
  });
