import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';

/** The main member's token again, from a switched session. */
export const switchMainMember = () =>
  apiCall(api.MemberRelationApprove.SwitchRelationMainMember, {});
