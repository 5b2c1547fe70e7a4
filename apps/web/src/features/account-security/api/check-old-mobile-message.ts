import { useMutation } from '@tanstack/react-query';
import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';

export const checkOldMobileMessage = (smsCode: string) =>
  apiCall(api.MemberAuth.checkOldMobileMessage, { smsCode });

/** Nothing a query shows: the check only hands out a ticket. */
export const checkOldMobileMessageInvalidates = [] as const;

/** Checks the current mobile's code; returns the one-time ticket ChangeMobile needs. */
export const useCheckOldMobileMessage = () => useMutation({ mutationFn: checkOldMobileMessage });
