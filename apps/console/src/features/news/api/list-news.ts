import { StaffNews } from '@pcb/contract/staff-news';
import type { InputOf } from '@pcb/contract';
import { useEndpointQuery } from '../../../lib/api';

export const useNewsList = (input: InputOf<typeof StaffNews.List>) =>
  useEndpointQuery(StaffNews.List, input, { keepPrevious: true });
