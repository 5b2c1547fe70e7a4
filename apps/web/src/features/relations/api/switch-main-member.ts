import { MemberRelationApprove } from '@pcb/contract/member-relation';
import { apiCall } from '../../../lib/api-client';

/** The main member's token again, from a switched session. */
export const switchMainMember = () => apiCall(MemberRelationApprove.SwitchRelationMainMember, {});
