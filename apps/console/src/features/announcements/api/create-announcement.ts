import { StaffAnnouncement } from '@pcb/contract/staff-announcement';
import { StaffAudit } from '@pcb/contract/staff-audit';
import { useEndpointMutation } from '../../../lib/endpoint-query';

export const useCreateAnnouncement = () =>
  useEndpointMutation(StaffAnnouncement.Create, {
    invalidates: [StaffAnnouncement.List, StaffAudit.List],
  });
