import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';

export const relationListQueryOptions = () =>
  queryOptions({
    queryKey: ['MemberRelationApprove', 'GetRelationListForMember'],
    // Spec section 9: the relation list is asked for with isMobile=true.
    queryFn: ({ signal }) =>
      apiCall(api.MemberRelationApprove.GetRelationListForMember, { isMobile: 'true' }, { signal }),
    staleTime: 0,
  });

/** My related accounts (as main member) and the main members who asked to relate me. */
export const useRelationList = (enabled = true) =>
  useQuery({ ...relationListQueryOptions(), enabled });
