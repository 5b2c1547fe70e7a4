import { MemberReceiver, RECEIVER_LIMIT } from '@pcb/contract/member-receiver';
import { useEndpointQuery } from '../../../lib/api';

/** The member's addresses, all on one page (the server keeps at most RECEIVER_LIMIT). */
export const RECEIVER_LIST_INPUT = { page: 1, pageSize: RECEIVER_LIMIT } as const;

export const useReceivers = () =>
  useEndpointQuery(MemberReceiver.GetPagedList, RECEIVER_LIST_INPUT);
