import { MemberAuth } from '@pcb/contract/member-auth';
import { useEndpointMutation } from '../../../lib/api';

/** Checks the current mobile's code; returns the one-time ticket ChangeMobile needs. */
export const useCheckOldMobileMessage = () =>
  useEndpointMutation(MemberAuth.checkOldMobileMessage, {
    // Nothing a query shows: the check only hands out a ticket.
    invalidates: [],
    toInput: (smsCode: string) => ({ smsCode }),
  });
