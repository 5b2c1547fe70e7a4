import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';
import { relationListQueryOptions } from './get-relation-list';

export const deleteRelation = (id: number) => apiCall(api.MemberRelationApprove.Delete, { id });

/** Ends a relation, from either side. */
export function useDeleteRelation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRelation,
    onSuccess: () => queryClient.invalidateQueries(relationListQueryOptions()),
  });
}
