import { useMutation } from '@tanstack/react-query';
import { api, type InputOf } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';

export type SendRegisterMessageInput = InputOf<typeof api.MemberAuth.SendRegisterMessage>;

export const sendRegisterMessage = (input: SendRegisterMessageInput) =>
  apiCall(api.MemberAuth.SendRegisterMessage, input);

/** Nothing a query shows: a code is sent. */
export const sendRegisterMessageInvalidates = [] as const;

/** Sends the registration SMS code; resolves to how long to wait before asking again. */
export const useSendRegisterMessage = () => useMutation({ mutationFn: sendRegisterMessage });
