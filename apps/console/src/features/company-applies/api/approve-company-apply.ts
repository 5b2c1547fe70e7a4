import { StaffCompanyApply } from '@pcb/contract/staff-company-apply';
import { StaffMember } from '@pcb/contract/staff-member';
import { useEndpointMutation } from '../../../lib/api';

/** The member becomes a certified company (name, type, certification time). */
export const useApproveCompanyApply = () =>
  useEndpointMutation(StaffCompanyApply.Approve, {
    invalidates: [
      StaffCompanyApply.List,
      StaffCompanyApply.Get,
      StaffMember.Search,
      StaffMember.Get,
    ],
  });
