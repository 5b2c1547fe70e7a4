import { StaffNews } from '@pcb/contract/staff-news';
import { useEndpointMutation } from '../../../lib/api';

export const useUnpublishNews = () =>
  useEndpointMutation(StaffNews.Unpublish, {
    invalidates: [StaffNews.List, StaffNews.Get],
  });
