import { useMutation } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';
import { invalidateQueries } from '../../../lib/invalidate';
import { relationListQueryOptions } from './get-relation-list';

export const deleteRelation = (id: number) => apiCall(api.MemberRelationApprove.Delete, { id });

/** The relation list, which no longer holds it. */
export const deleteRelationInvalidates = [relationListQueryOptions().queryKey] as const;

/** Ends a relation, from either side. */
export function useDeleteRelation() {
  return useMutation({
    mutationFn: deleteRelation,
    onSuccess: () => invalidateQueries(deleteRelationInvalidates),
  });
}
