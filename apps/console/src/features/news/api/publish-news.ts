import { StaffNews } from '@pcb/contract/staff-news';
import { useEndpointMutation } from '../../../lib/api';

export const usePublishNews = () =>
  useEndpointMutation(StaffNews.Publish, {
    invalidates: [StaffNews.List, StaffNews.Get],
  });
