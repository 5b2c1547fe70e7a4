import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';
import { replaceAccessToken } from '../../../lib/auth-session';

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
      // The list, and whether the WeChat this page runs in is still bound.
      return queryClient.invalidateQueries({ queryKey: ['WechatMb'] });
    },
  });
}
