import { StaffAnnouncement } from '@pcb/contract/staff-announcement';
import { useEndpointMutation } from '../../../lib/api';

export const useCreateAnnouncement = () =>
  useEndpointMutation(StaffAnnouncement.Create, {
    invalidates: [StaffAnnouncement.List],
  });
