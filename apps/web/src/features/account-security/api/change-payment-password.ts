import { useMutation } from '@tanstack/react-query';
import { api, type ChangePaymentPasswordInput } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';
import { replaceAccessToken } from '../../../lib/auth-session';
import { invalidateQueries } from '../../../lib/invalidate';
import { memberInfoQueryKey, patchMemberInfo } from '../../../lib/member-info';

export const changePaymentPassword = (input: ChangePaymentPasswordInput) =>
  apiCall(api.MemberAuth.ChangePaymentPassword, input);

/** What setting the payment password makes stale: the member's hasPaymentPassword. */
export const changePaymentPasswordInvalidates = [memberInfoQueryKey] as const;

/**
 * Sets or changes the payment password. Other tokens end; this session continues with the
 * returned one.
 */
export const useChangePaymentPassword = () =>
  useMutation({
    mutationFn: changePaymentPassword,
    onSuccess: ({ accessToken }) => {
      replaceAccessToken(accessToken);
      // Patched at once, so no screen shows 未设置; the refetch need not be awaited.
      patchMemberInfo({ hasPaymentPassword: true });
      void invalidateQueries(changePaymentPasswordInvalidates);
    },
  });
