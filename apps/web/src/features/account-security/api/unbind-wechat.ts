import { useMutation } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';
import { replaceAccessToken } from '../../../lib/auth-session';
import { invalidateQueries } from '../../../lib/invalidate';
import { openIdBindingQueryKey } from '../../../lib/wechat-binding';
import { wechatBindingsQueryOptions } from './get-wechat-bindings';

export const unbindWechat = (id: number) => apiCall(api.WechatMb.Unbind, { id });

/** The binding list, and whether the WeChat this page runs in is still bound. */
export const unbindWechatInvalidates = [
  wechatBindingsQueryOptions().queryKey,
  openIdBindingQueryKey,
] as const;

/**
 * Unbinds a WeChat (the record stays). Every other token ends; this session continues with
 * the one returned.
 */
export function useUnbindWechat() {
  return useMutation({
    mutationFn: unbindWechat,
    onSuccess: ({ accessToken }) => {
      replaceAccessToken(accessToken);
      return invalidateQueries(unbindWechatInvalidates);
    },
  });
}
