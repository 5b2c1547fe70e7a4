import { useQuery } from '@tanstack/react-query';
import { maskMobile } from '@pcb/contract';
import { MemberInfoRead, type MemberInfo } from '@pcb/contract/member-info-read';
import { isTokenValid, useAccessToken } from './auth-session';
import { endpointQueryOptions, queryClient } from './api';

/**
 * The query that owns the member's info (spec section 3's memberInfo; decision 0011). Loaded
 * once per session (spec section 4); a mutation that changes the member updates or invalidates
 * it, and a new session starts without it.
 */
export const memberInfoQueryOptions = () =>
  endpointQueryOptions(MemberInfoRead.Get, {}, { staleTime: Infinity });

export const memberInfoQueryKey = memberInfoQueryOptions().queryKey;

/**
 * The member's info for the current session. Re-renders when the token changes, so the
 * previous member's info is never shown under a new session; idle without a valid token.
 */
export function useMemberInfo() {
  const token = useAccessToken();
  return useQuery({ ...memberInfoQueryOptions(), enabled: isTokenValid(token) });
}

/** The member's info if it has been loaded, for code outside components. */
export const getLoadedMemberInfo = (): MemberInfo | undefined =>
  queryClient.getQueryData(memberInfoQueryKey);

/** Fetches the member's info unless loaded; concurrent callers share one request. */
export function loadMemberInfo() {
  return queryClient.fetchQuery(memberInfoQueryOptions());
}

/**
 * Shows a change the server has just confirmed at once, on every screen, before the refetch
 * that the mutation's invalidation starts has answered.
 */
export function patchMemberInfo(change: Partial<MemberInfo>): void {
  queryClient.setQueryData(memberInfoQueryKey, (info) => (info ? { ...info, ...change } : info));
}

/** How the member is addressed: real name, else user name, else the masked mobile. */
export function memberDisplayName(info: MemberInfo): string {
  return info.realName?.trim() || info.userName?.trim() || maskMobile(info.mobile);
}
