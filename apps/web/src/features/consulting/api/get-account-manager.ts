import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';

export const getAccountManager = (signal?: AbortSignal) =>
  apiCall(api.MemberAdmin.Get, {}, { signal });

export const accountManagerQueryOptions = () =>
  queryOptions({
    queryKey: ['MemberAdmin', 'Get'],
    queryFn: ({ signal }) => getAccountManager(signal),
    staleTime: 10 * 60_000,
  });

/** The member's account manager; only asked for when logged in (the call needs a token). */
export const useAccountManager = (enabled: boolean) =>
  useQuery({ ...accountManagerQueryOptions(), enabled });
