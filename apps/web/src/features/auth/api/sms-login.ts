import { MemberAuth } from '@pcb/contract/member-auth';
import { useEndpointMutation } from '../../../lib/api';

/** Logs in with an SMS code; the caller starts the session with the returned token. */
export const useSmsLogin = () =>
  // None: the new session starts without any member data (saveAccessToken).
  useEndpointMutation(MemberAuth.SmsLogin, { invalidates: [] });
