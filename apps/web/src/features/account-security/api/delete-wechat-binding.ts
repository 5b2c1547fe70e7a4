import { useMutation } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';
import { replaceAccessToken } from '../../../lib/auth-session';
import { invalidateQueries } from '../../../lib/invalidate';
import { openIdBindingQueryKey } from '../../../lib/wechat-binding';
import { wechatBindingsQueryOptions } from './get-wechat-bindings';

export const deleteWechatBinding = (id: number) => apiCall(api.WechatMb.DeleteBind, { id });

/** The binding list, and whether the WeChat this page runs in is still bound. */
export const deleteWechatBindingInvalidates = [
  wechatBindingsQueryOptions().queryKey,
  openIdBindingQueryKey,
] as const;

/** Deletes a binding record. Every other token ends; this session continues with the new one. */
export function useDeleteWechatBinding() {
  return useMutation({
    mutationFn: deleteWechatBinding,
    onSuccess: ({ accessToken }) => {
      replaceAccessToken(accessToken);
      return invalidateQueries(deleteWechatBindingInvalidates);
    },
  });
}
