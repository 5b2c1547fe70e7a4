import { StaffMobileApply } from '@pcb/contract/staff-mobile-apply';
import type { InputOf } from '@pcb/contract';
import { useEndpointQuery } from '../../../lib/api';

export const useMobileApplies = (input: InputOf<typeof StaffMobileApply.List>) =>
  useEndpointQuery(StaffMobileApply.List, input, { keepPrevious: true });
