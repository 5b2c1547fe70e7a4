import { useMutation } from '@tanstack/react-query';
import { api, type RegisterInput } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';

export const register = (input: RegisterInput) => apiCall(api.MemberAuth.Register, input);

/** None: the new session starts without any member data (saveAccessToken). */
export const registerInvalidates = [] as const;

/** Registers and returns the new member's token; the caller starts the session with it. */
export const useRegister = () => useMutation({ mutationFn: register });
