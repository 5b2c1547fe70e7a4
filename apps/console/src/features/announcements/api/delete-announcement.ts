import { StaffAnnouncement } from '@pcb/contract/staff-announcement';
import { useEndpointMutation } from '../../../lib/api';

export const useDeleteAnnouncement = () =>
  useEndpointMutation(StaffAnnouncement.Delete, {
    invalidates: [StaffAnnouncement.List],
  });
