import { MemberCompanyApply } from '@pcb/contract/member-company-apply';
import { useEndpointQuery } from '../../../lib/api';

/** The member's enterprise certification and its review state, or null (none yet). */
export const useCompanyApply = () => useEndpointQuery(MemberCompanyApply.Get, {}, { staleTime: 0 });
