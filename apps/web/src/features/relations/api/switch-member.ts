import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';

/** A token acting as the related member with this member id (relation approved). */
export const switchMember = (memberId: number) =>
  apiCall(api.MemberRelationApprove.SwitchMember, { id: memberId });
