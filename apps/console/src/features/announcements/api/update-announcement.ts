import { StaffAnnouncement } from '@pcb/contract/staff-announcement';
import { useEndpointMutation } from '../../../lib/api';

export const useUpdateAnnouncement = () =>
  useEndpointMutation(StaffAnnouncement.Update, {
    invalidates: [StaffAnnouncement.List],
  });
