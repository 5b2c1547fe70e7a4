import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';
import { relationListQueryOptions } from './get-relation-list';

export const approveRelation = (id: number) => apiCall(api.MemberRelationApprove.Approve, { id });

/** Accepts a main member's request: they may then act in my account. */
export function useApproveRelation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveRelation,
    onSuccess: () => queryClient.invalidateQueries(relationListQueryOptions()),
  });
}
