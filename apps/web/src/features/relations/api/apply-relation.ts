import { useMutation } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';
import { invalidateQueries } from '../../../lib/invalidate';
import { relationListQueryOptions } from './get-relation-list';

export const applyRelation = (mobile: string) =>
  apiCall(api.MemberRelationApprove.Apply, { mobile });

/** The relation list, where the application shows as pending. */
export const applyRelationInvalidates = [relationListQueryOptions().queryKey] as const;

/** Asks the member with this mobile to become my related account. */
export function useApplyRelation() {
  return useMutation({
    mutationFn: applyRelation,
    onSuccess: () => invalidateQueries(applyRelationInvalidates),
  });
}
