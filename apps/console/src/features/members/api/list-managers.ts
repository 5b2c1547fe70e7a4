import { StaffMember } from '@pcb/contract/staff-member';
import { useEndpointQuery } from '../../../lib/endpoint-query';

export const useAccountManagers = (enabled: boolean) =>
  useEndpointQuery(StaffMember.ListManagers, {}, { enabled });
