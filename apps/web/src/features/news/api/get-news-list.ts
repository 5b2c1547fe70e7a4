import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { endpointKey } from '@pcb/client';
import { News } from '@pcb/contract/news';
import { apiCall, endpointQueryOptions, queryClient } from '../../../lib/api';

/** How many titles the home page shows. */
export const LATEST_NEWS_COUNT = 5;
const PAGE_SIZE = 10;

const latestQuery = () =>
  endpointQueryOptions(
    News.GetList,
    { page: 1, pageSize: LATEST_NEWS_COUNT },
    { staleTime: 5 * 60_000 },
  );

/** The newest titles (pinned first) for the home page. */
export const useLatestNews = () => useQuery(latestQuery());

/** Asks for the home page's titles before the screen renders (its route's `prefetch`). */
export const prefetchLatestNews = () => queryClient.prefetchQuery(latestQuery());

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
