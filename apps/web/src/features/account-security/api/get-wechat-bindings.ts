import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';

export const wechatBindingsQueryOptions = () =>
  queryOptions({
    queryKey: ['WechatMb', 'GetList'],
    queryFn: ({ signal }) => apiCall(api.WechatMb.GetList, {}, { signal }),
    staleTime: 0,
  });

/** The WeChat accounts bound to this member, unbound records included. */
export const useWechatBindings = (enabled = true) =>
  useQuery({ ...wechatBindingsQueryOptions(), enabled });
