import { useQuery } from '@tanstack/react-query';
import { News } from '@pcb/contract/news';
import { endpointQueryOptions, queryClient } from '../../../lib/api';

/** How many titles the home page shows (route-table.ts's `latestNewsUrl` asks for as many). */
export const LATEST_NEWS_COUNT = 5;

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
