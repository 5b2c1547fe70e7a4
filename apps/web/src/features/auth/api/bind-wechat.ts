import { useMutation } from '@tanstack/react-query';
import { api, type BindInput } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';
import { invalidateQueries } from '../../../lib/invalidate';
import { openIdBindingQueryKey } from '../../../lib/wechat-binding';

export const bindWechat = (input: BindInput) => apiCall(api.WechatMb.bind, input);

/** Whether this WeChat is bound, and the member's binding list. */
export const bindWechatInvalidates = [openIdBindingQueryKey, ['WechatMb', 'GetList']] as const;

/** Binds this WeChat to an account proven by password or SMS code; returns a token. */
export const useBindWechat = () =>
  useMutation({
    mutationFn: bindWechat,
    onSuccess: () => invalidateQueries(bindWechatInvalidates),
  });
