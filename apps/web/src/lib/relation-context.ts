import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from './api-client';
import { useIsLoggedIn } from './auth-session';

// Several screens change with whose account is active (the member centre's banner, settings,
// account security), so the answer is shared like member info.
export const relationContextQueryOptions = () =>
  queryOptions({
    queryKey: ['MemberInfo', 'GetRelationMember'],
    queryFn: ({ signal }) => apiCall(api.MemberInfo.GetRelationMember, {}, { signal }),
  });

/** Whether the member is acting in a related member's account, and who the main member is. */
export function useRelationContext() {
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...relationContextQueryOptions(), enabled: loggedIn });
}
