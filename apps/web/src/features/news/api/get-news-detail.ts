import { News } from '@pcb/contract/news';
import { useEndpointQuery } from '../../../lib/api';

/** One published article (News/GetDetail, decision 0075). */
export const useNewsDetail = (id: number) =>
  useEndpointQuery(News.GetDetail, { id }, { enabled: id > 0 });
