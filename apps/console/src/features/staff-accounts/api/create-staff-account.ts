import { StaffAccount } from '@pcb/contract/staff-account';
import { StaffAudit } from '@pcb/contract/staff-audit';
import { useEndpointMutation } from '../../../lib/endpoint-query';

export const useCreateStaffAccount = () =>
  useEndpointMutation(StaffAccount.Create, { invalidates: [StaffAccount.List, StaffAudit.List] });
