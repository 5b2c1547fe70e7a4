import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';
import { relationListQueryOptions } from './get-relation-list';

export const rejectRelation = (id: number) => apiCall(api.MemberRelationApprove.Reject, { id });

/** Declines a main member's request. */
export function useRejectRelation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectRelation,
    onSuccess: () => queryClient.invalidateQueries(relationListQueryOptions()),
  });
}
