import { useMutation } from '@tanstack/react-query';
import { api, type ChangePasswordInput } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';

export const changePassword = (input: ChangePasswordInput) =>
  apiCall(api.MemberAuth.ChangePassword, input);

/** Sets a new login password; the server then ends every token of the member. */
export const useChangePassword = () => useMutation({ mutationFn: changePassword });
