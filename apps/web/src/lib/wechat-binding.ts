import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from './api-client';

/** Whether an account is bound to this sealed openId (WechatMb/GetByOpenId). */
export const getOpenIdBinding = (openId: string, signal?: AbortSignal) =>
  apiCall(api.WechatMb.GetByOpenId, { openId }, { signal });

/** Every openId's answer: what a bind, unbind or delete changes. */
export const openIdBindingQueryKey = ['WechatMb', 'GetByOpenId'] as const;

export const openIdBindingQueryOptions = (openId: string) =>
  queryOptions({
    queryKey: [...openIdBindingQueryKey, openId],
    queryFn: ({ signal }) => getOpenIdBinding(openId, signal),
    staleTime: 0,
  });

/** Whether this WeChat is bound yet, and the bound account's masked mobile. */
export const useOpenIdBinding = (openId: string | null) =>
  useQuery({ ...openIdBindingQueryOptions(openId ?? ''), enabled: openId !== null });
