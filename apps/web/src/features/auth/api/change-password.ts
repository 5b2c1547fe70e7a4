import { MemberAuth } from '@pcb/contract/member-auth';
import { useEndpointMutation } from '../../../lib/api';

/** Sets a new login password; the server then ends every token of the member. */
export const useChangePassword = () =>
  useEndpointMutation(MemberAuth.ChangePassword, {
    // None: the change ends every session of the member, this one included, and its data goes
    // when /login shows (decision 0010); refetching now could only earn a 401 before that.
    invalidates: [],
  });
