import { MemberGrade } from '@pcb/contract/member-grade';
import { useEndpointQuery } from '../../../lib/api';

/** /vipGrade: the member's grade, paid amount in the window, next level and every level. */
export const useMemberGrade = () => useEndpointQuery(MemberGrade.Get, {}, { staleTime: 0 });
