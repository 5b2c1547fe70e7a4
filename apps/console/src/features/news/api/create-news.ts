import { StaffNews } from '@pcb/contract/staff-news';
import { useEndpointMutation } from '../../../lib/api';

export const useCreateNews = () =>
  useEndpointMutation(StaffNews.Create, {
    invalidates: [StaffNews.List, StaffNews.Get],
  });
