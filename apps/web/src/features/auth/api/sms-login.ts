import { useMutation } from '@tanstack/react-query';
import { api, type SmsLoginInput } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';

export const smsLogin = (input: SmsLoginInput) => apiCall(api.MemberAuth.SmsLogin, input);

/** Logs in with an SMS code; the caller starts the session with the returned token. */
export const useSmsLogin = () => useMutation({ mutationFn: smsLogin });
