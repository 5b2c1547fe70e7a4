import { useMutation } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';
import { invalidateQueries } from '../../../lib/invalidate';
import { relationListQueryOptions } from './get-relation-list';

export const approveRelation = (id: number) => apiCall(api.MemberRelationApprove.Approve, { id });

/** The relation list, where the request shows as approved. */
export const approveRelationInvalidates = [relationListQueryOptions().queryKey] as const;

/** Accepts a main member's request: they may then act in my account. */
export function useApproveRelation() {
  return useMutation({
    mutationFn: approveRelation,
    onSuccess: () => invalidateQueries(approveRelationInvalidates),
  });
}
