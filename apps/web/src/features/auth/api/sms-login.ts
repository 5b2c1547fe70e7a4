import { useMutation } from '@tanstack/react-query';
import { api, type SmsLoginInput } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';

export const smsLogin = (input: SmsLoginInput) => apiCall(api.MemberAuth.SmsLogin, input);

/** None: the new session starts without any member data (saveAccessToken). */
export const smsLoginInvalidates = [] as const;

/** Logs in with an SMS code; the caller starts the session with the returned token. */
export const useSmsLogin = () => useMutation({ mutationFn: smsLogin });
