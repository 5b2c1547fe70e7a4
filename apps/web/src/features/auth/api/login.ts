import { MemberAuth } from '@pcb/contract/member-auth';
import { useEndpointMutation } from '../../../lib/api';

/** Logs in; the caller starts the session with the returned token. */
export const useLogin = () =>
  // None: the new session starts without any member data (saveAccessToken).
  useEndpointMutation(MemberAuth.Login, { invalidates: [] });
