import { StaffCompanyApply } from '@pcb/contract/staff-company-apply';
import type { InputOf } from '@pcb/contract';
import { useEndpointQuery } from '../../../lib/api';

export const useCompanyApplies = (input: InputOf<typeof StaffCompanyApply.List>) =>
  useEndpointQuery(StaffCompanyApply.List, input, { keepPrevious: true });
