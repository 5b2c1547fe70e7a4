import { MemberRelationApprove } from '@pcb/contract/member-relation';
import { useEndpointMutation } from '../../../lib/api';

/** Asks the member with this mobile to become my related account. */
export const useApplyRelation = () =>
  useEndpointMutation(MemberRelationApprove.Apply, {
    // The relation list, where the application shows as pending.
    invalidates: [MemberRelationApprove.GetRelationListForMember],
    toInput: (mobile: string) => ({ mobile }),
  });
