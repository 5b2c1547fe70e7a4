import { StaffNews } from '@pcb/contract/staff-news';
import { useEndpointQuery } from '../../../lib/api';

/** One article with its body, to edit it; nothing asked for a new one (id 0). */
export const useNews = (id: number) =>
  useEndpointQuery(StaffNews.Get, { id }, { enabled: id > 0, staleTime: 0 });
