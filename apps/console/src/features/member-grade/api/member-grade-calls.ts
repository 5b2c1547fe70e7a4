import { StaffMemberGrade } from '@pcb/contract/staff-member-grade';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/api';

export const useGradeConfig = () => useEndpointQuery(StaffMemberGrade.Get, {});
export const useUpdateGradeConfig = () =>
  useEndpointMutation(StaffMemberGrade.Update, { invalidates: [StaffMemberGrade.Get] });
