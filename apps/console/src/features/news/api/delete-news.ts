import { StaffNews } from '@pcb/contract/staff-news';
import { useEndpointMutation } from '../../../lib/api';

export const useDeleteNews = () =>
  useEndpointMutation(StaffNews.Delete, {
    invalidates: [StaffNews.List],
  });
