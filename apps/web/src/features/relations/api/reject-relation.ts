import { MemberRelationApprove } from '@pcb/contract/member-relation';
import { useEndpointMutation } from '../../../lib/api';

/** Declines a main member's request. */
export const useRejectRelation = () =>
  useEndpointMutation(MemberRelationApprove.Reject, {
    // The relation list, where the request shows as rejected.
    invalidates: [MemberRelationApprove.GetRelationListForMember],
    toInput: (id: number) => ({ id }),
  });
