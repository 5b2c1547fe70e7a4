import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';
import { relationListQueryOptions } from './get-relation-list';

export const applyRelation = (mobile: string) =>
  apiCall(api.MemberRelationApprove.Apply, { mobile });

/** Asks the member with this mobile to become my related account. */
export function useApplyRelation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyRelation,
    onSuccess: () => queryClient.invalidateQueries(relationListQueryOptions()),
  });
}
