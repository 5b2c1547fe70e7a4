import { MemberRelationApprove } from '@pcb/contract/member-relation';
import { useEndpointMutation } from '../../../lib/api';

/** Ends a relation, from either side. */
export const useDeleteRelation = () =>
  useEndpointMutation(MemberRelationApprove.Delete, {
    // The relation list, which no longer holds it.
    invalidates: [MemberRelationApprove.GetRelationListForMember],
    toInput: (id: number) => ({ id }),
  });
