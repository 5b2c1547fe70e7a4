import { MemberAuth } from '@pcb/contract/member-auth';
import { MemberInfoRead } from '@pcb/contract/member-info-read';
import { replaceAccessToken } from '../../../lib/auth-session';
import { useEndpointMutation } from '../../../lib/api';
import { patchMemberInfo } from '../../../lib/member-info';

/**
 * Sets or changes the payment password. Other tokens end; this session continues with the
 * returned one.
 */
export const useChangePaymentPassword = () =>
  useEndpointMutation(MemberAuth.ChangePaymentPassword, {
    // hasPaymentPassword: patched at once, so no screen shows 未设置.
    invalidates: [MemberInfoRead.Get],
    onSuccess: ({ accessToken }) => {
      replaceAccessToken(accessToken);
      patchMemberInfo({ hasPaymentPassword: true });
    },
    awaitRefetch: false,
  });
