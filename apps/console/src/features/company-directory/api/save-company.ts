import { StaffAudit } from '@pcb/contract/staff-audit';
import { StaffCompanyDirectory } from '@pcb/contract/staff-company-directory';
import { useEndpointMutation } from '../../../lib/endpoint-query';

const changes = [StaffCompanyDirectory.List, StaffAudit.List];

export const useCreateCompany = () =>
  useEndpointMutation(StaffCompanyDirectory.Create, { invalidates: changes });

export const useUpdateCompany = () =>
  useEndpointMutation(StaffCompanyDirectory.Update, { invalidates: changes });
