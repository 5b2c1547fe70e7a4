import { MemberCompanyApply } from '@pcb/contract/member-company-apply';
import { useEndpointMutation } from '../../../lib/api';

/** Edits a pending application, or resubmits a rejected one (pending again). */
export const useUpdateCompanyApply = () =>
  useEndpointMutation(MemberCompanyApply.Update, { invalidates: [MemberCompanyApply.Get] });
