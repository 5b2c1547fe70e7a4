import type { ReviewListInput, ReviewStatus } from '@pcb/contract/review-queue';
import { usePagedFilters } from '../../lib/paging';
import { useSearchParamId } from '../../lib/use-search-param-id';

export interface ReviewFilters {
  status?: ReviewStatus;
  keyword?: string;
}

/**
 * A review queue's screen state: the filters (pending first of all), the page, and the
 * application open in the drawer (`?apply=9`, so it can be linked and Back closes it).
 */
export function useReviewQueue() {
  const [openId, open] = useSearchParamId('apply');
  const { filters, paging, setFilters, pagination } = usePagedFilters<ReviewFilters>({
    status: 'pending',
  });
  const input: ReviewListInput = { ...filters, ...paging };
  return {
    input,
    filters,
    setFilters,
    pagination,
    openId,
    open: (id: number) => open(id),
    close: () => open(null),
  };
}

export type ReviewQueueState = ReturnType<typeof useReviewQueue>;
