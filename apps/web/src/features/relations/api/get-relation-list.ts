import { MemberRelationApprove } from '@pcb/contract/member-relation';
import { useEndpointQuery } from '../../../lib/api';

/** My related accounts (as main member) and the main members who asked to relate me. */
export const useRelationList = (enabled = true) =>
  // Spec section 9: the relation list is asked for with isMobile=true.
  useEndpointQuery(
    MemberRelationApprove.GetRelationListForMember,
    { isMobile: 'true' },
    { staleTime: 0, enabled },
  );
