import { MemberInfoRead } from '@pcb/contract/member-info-read';
import { useIsLoggedIn } from './auth-session';
import { useEndpointQuery } from './api';

/**
 * Whether the member is acting in a related member's account, and who the main member is.
 * Several screens change with it (the member centre's banner, settings, account security), so
 * the answer is shared like member info.
 */
export function useRelationContext() {
  const loggedIn = useIsLoggedIn();
  return useEndpointQuery(MemberInfoRead.GetRelationMember, {}, { enabled: loggedIn });
}
