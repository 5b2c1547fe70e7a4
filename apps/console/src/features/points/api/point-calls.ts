import { StaffPoint } from '@pcb/contract/member-point';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/api';

export const usePointRules = () => useEndpointQuery(StaffPoint.GetRules, {});
export const useSetPointRules = () =>
  useEndpointMutation(StaffPoint.SetRules, { invalidates: [StaffPoint.GetRules] });
