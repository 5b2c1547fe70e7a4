import { MemberAuth } from '@pcb/contract/member-auth';
import { useEndpointMutation } from '../../../lib/api';

/** Sends the registration SMS code; resolves to how long to wait before asking again. */
export const useSendRegisterMessage = () =>
  // Nothing a query shows: a code is sent.
  useEndpointMutation(MemberAuth.SendRegisterMessage, { invalidates: [] });
