import { StaffNews } from '@pcb/contract/staff-news';
import { useEndpointMutation } from '../../../lib/api';

export const useUpdateNews = () =>
  useEndpointMutation(StaffNews.Update, {
    invalidates: [StaffNews.List, StaffNews.Get],
  });
