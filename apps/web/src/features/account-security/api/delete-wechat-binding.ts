import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';
import { replaceAccessToken } from '../../../lib/auth-session';

export const deleteWechatBinding = (id: number) => apiCall(api.WechatMb.DeleteBind, { id });

/** Deletes a binding record. Every other token ends; this session continues with the new one. */
export function useDeleteWechatBinding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWechatBinding,
    onSuccess: ({ accessToken }) => {
      replaceAccessToken(accessToken);
      // The list, and whether the WeChat this page runs in is still bound.
      return queryClient.invalidateQueries({ queryKey: ['WechatMb'] });
    },
  });
}
