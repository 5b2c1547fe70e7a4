import { useMutation } from '@tanstack/react-query';
import { api, type ChangePasswordInput } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';

export const changePassword = (input: ChangePasswordInput) =>
  apiCall(api.MemberAuth.ChangePassword, input);

/**
 * None: the change ends every session of the member, this one included, and its data goes
 * when /login shows (decision 0010); refetching now could only earn a 401 before that.
 */
export const changePasswordInvalidates = [] as const;

/** Sets a new login password; the server then ends every token of the member. */
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
