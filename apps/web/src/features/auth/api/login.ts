import { useMutation } from '@tanstack/react-query';
import { api, type LoginInput } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';

export const login = (input: LoginInput) => apiCall(api.MemberAuth.Login, input);

/** None: the new session starts without any member data (saveAccessToken). */
export const loginInvalidates = [] as const;

/** Logs in; the caller starts the session with the returned token. */
export const useLogin = () => useMutation({ mutationFn: login });
