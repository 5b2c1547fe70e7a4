import { MemberRelationApprove } from '@pcb/contract/member-relation';
import { useEndpointMutation } from '../../../lib/api';

/** Accepts a main member's request: they may then act in my account. */
export const useApproveRelation = () =>
  useEndpointMutation(MemberRelationApprove.Approve, {
    // The relation list, where the request shows as approved.
    invalidates: [MemberRelationApprove.GetRelationListForMember],
    toInput: (id: number) => ({ id }),
  });
