import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';
import { replaceAccessToken } from '../../../lib/auth-session';
import { wechatBindingsQueryOptions } from './get-wechat-bindings';

export const unbindWechat = (id: number) => apiCall(api.WechatMb.Unbind, { id });

/**
 * Unbinds a WeChat (the record stays). Every other token ends; this session continues with
 * the one returned.
 */
export function useUnbindWechat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbindWechat,
    onSuccess: ({ accessToken }) => {
      replaceAccessToken(accessToken);
      return queryClient.invalidateQueries(wechatBindingsQueryOptions());
    },
  });
}
