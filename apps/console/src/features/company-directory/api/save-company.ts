import { StaffCompanyDirectory } from '@pcb/contract/staff-company-directory';
import { useEndpointMutation } from '../../../lib/api';

const changes = [StaffCompanyDirectory.List];

export const useCreateCompany = () =>
  useEndpointMutation(StaffCompanyDirectory.Create, { invalidates: changes });

export const useUpdateCompany = () =>
  useEndpointMutation(StaffCompanyDirectory.Update, { invalidates: changes });
