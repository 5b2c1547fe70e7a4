import { StaffMember } from '@pcb/contract/staff-member';
import { useEndpointQuery } from '../../../lib/api';

export const useAccountManagers = (enabled: boolean) =>
  useEndpointQuery(StaffMember.ListManagers, {}, { enabled });
