import { useInfiniteQuery } from '@tanstack/react-query';
import { MemberMessage, type MessageCategory } from '@pcb/contract/member-message';
import { apiCall } from '../../../lib/api';
import { endpointKey } from '@pcb/client';

const PAGE_SIZE = 20;

/** My messages, newest first, of one category or all, a page at a time. */
export function useMessages(category: MessageCategory | undefined) {
  const list = MemberMessage.GetList;
  const filter = category ? { category } : {};
  return useInfiniteQuery({
    queryKey: endpointKey(list, { ...filter, pageSize: PAGE_SIZE }),
    queryFn: ({ pageParam, signal }) =>
      apiCall(list, { ...filter, page: pageParam, pageSize: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    meta: { access: list.access },
    staleTime: 0,
  });
}
