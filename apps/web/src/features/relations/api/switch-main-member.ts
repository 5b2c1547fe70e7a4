import { MemberRelationApprove } from '@pcb/contract/member-relation';
import { apiCall } from '../../../lib/api';

/** The main member's token again, from a switched session. */
export const switchMainMember = () => apiCall(MemberRelationApprove.SwitchRelationMainMember, {});
