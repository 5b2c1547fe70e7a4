import { MemberMessage } from '@pcb/contract/member-message';
import { useIsLoggedIn } from '../../../lib/auth-session';
import { useEndpointQuery } from '../../../lib/api';

/**
 * Unread messages, in all and per category: the badge on /member and on the footer's 我的.
 * Asked while logged in only, again at most every half minute as the member moves around.
 */
export function useUnreadCount() {
  const loggedIn = useIsLoggedIn();
  return useEndpointQuery(MemberMessage.GetUnReadNum, {}, { enabled: loggedIn });
}
