import { StaffAnnouncement } from '@pcb/contract/staff-announcement';
import { StaffAudit } from '@pcb/contract/staff-audit';
import { useEndpointMutation } from '../../../lib/endpoint-query';

export const useDeleteAnnouncement = () =>
  useEndpointMutation(StaffAnnouncement.Delete, {
    invalidates: [StaffAnnouncement.List, StaffAudit.List],
  });
