import { MemberAuth } from '@pcb/contract/member-auth';
import { useEndpointMutation } from '../../../lib/api';

/** Registers and returns the new member's token; the caller starts the session with it. */
export const useRegister = () =>
  // None: the new session starts without any member data (saveAccessToken).
  useEndpointMutation(MemberAuth.Register, { invalidates: [] });
