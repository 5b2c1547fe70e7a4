import { MemberMessage } from '@pcb/contract/member-message';
import { useEndpointQuery } from '../../../lib/api';

/** Each category's newest message and unread count (the top of /InfoList). */
export const useMessageOverview = () =>
  useEndpointQuery(MemberMessage.GetMbComprehensiveMessages, {}, { staleTime: 0 });
