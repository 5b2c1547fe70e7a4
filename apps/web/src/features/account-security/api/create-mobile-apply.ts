import { useMutation } from '@tanstack/react-query';
import { api, type InputOf } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';

export type MobileApplyInput = InputOf<typeof api.MemberUpMobileApply.Create>;

export const createMobileApply = (input: MobileApplyInput) =>
  apiCall(api.MemberUpMobileApply.Create, input);

/** Nothing a query shows: the mobile changes only once staff approve the application. */
export const createMobileApplyInvalidates = [] as const;

/** Files a manual mobile change for staff to review (the old mobile is out of reach). */
export const useCreateMobileApply = () => useMutation({ mutationFn: createMobileApply });
