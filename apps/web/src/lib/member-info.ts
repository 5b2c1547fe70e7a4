import { queryOptions } from '@tanstack/react-query';
import { api, maskMobile, type MemberInfo } from '@pcb/contract';
import { apiCall } from './api-client';
import { useAppStore } from './app-store';
import { queryClient } from './query-client';

// Member info lives in the shared state (spec section 3) because the guard, the login flow
// and several features read it; the query only adds de-duplication and error status.
export const memberInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['MemberInfo', 'Get'],
    queryFn: async ({ signal }) => {
      const info = await apiCall(api.MemberInfo.Get, {}, { signal });
      useAppStore.getState().setMemberInfo(info);
      return info;
    },
    staleTime: 0,
  });

/** Fetches the member's info into the shared state; concurrent callers share one request. */
export function loadMemberInfo() {
  return queryClient.fetchQuery(memberInfoQueryOptions());
}

/** How the member is addressed: real name, else user name, else the masked mobile. */
export function memberDisplayName(info: MemberInfo): string {
  return info.realName?.trim() || info.userName?.trim() || maskMobile(info.mobile);
}
