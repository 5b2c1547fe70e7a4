import { MemberCompanyApply } from '@pcb/contract/member-company-apply';
import { useEndpointMutation } from '../../../lib/api';

/** The first submission (state none → pending). */
export const useSaveCompanyApply = () =>
  useEndpointMutation(MemberCompanyApply.Save, { invalidates: [MemberCompanyApply.Get] });
