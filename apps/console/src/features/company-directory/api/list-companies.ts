import type { InputOf } from '@pcb/contract';
import { StaffCompanyDirectory } from '@pcb/contract/staff-company-directory';
import { useEndpointQuery } from '../../../lib/api';

export const useDirectoryCompanies = (input: InputOf<typeof StaffCompanyDirectory.List>) =>
  useEndpointQuery(StaffCompanyDirectory.List, input, { keepPrevious: true });
