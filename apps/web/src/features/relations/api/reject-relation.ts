import { useMutation } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';
import { invalidateQueries } from '../../../lib/invalidate';
import { relationListQueryOptions } from './get-relation-list';

export const rejectRelation = (id: number) => apiCall(api.MemberRelationApprove.Reject, { id });

/** The relation list, where the request shows as rejected. */
export const rejectRelationInvalidates = [relationListQueryOptions().queryKey] as const;

/** Declines a main member's request. */
export function useRejectRelation() {
  return useMutation({
    mutationFn: rejectRelation,
    onSuccess: () => invalidateQueries(rejectRelationInvalidates),
  });
}
