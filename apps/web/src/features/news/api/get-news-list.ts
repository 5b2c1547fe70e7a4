import { useInfiniteQuery } from '@tanstack/react-query';
import { endpointKey } from '@pcb/client';
import { News } from '@pcb/contract/news';
import { apiCall } from '../../../lib/api';

const PAGE_SIZE = 10;

/** Every published article, pinned first then newest, a page at a time (/news). */
export function useNewsList() {
  const list = News.GetList;
  return useInfiniteQuery({
    queryKey: endpointKey(list, { pageSize: PAGE_SIZE }),
    queryFn: ({ pageParam, signal }) =>
      apiCall(list, { page: pageParam, pageSize: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    meta: { access: list.access },
  });
}
