import { MemberRelationApprove } from '@pcb/contract/member-relation';
import { apiCall } from '../../../lib/api';

/** A token acting as the related member with this member id (relation approved). */
export const switchMember = (memberId: number) =>
  apiCall(MemberRelationApprove.SwitchMember, { id: memberId });
