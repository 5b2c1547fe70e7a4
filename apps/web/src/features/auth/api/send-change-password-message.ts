import { api, type InputOf } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';

export type SendChangePasswordMessageInput = InputOf<
  typeof api.MemberAuth.SendChangePasswordMessage
>;

/** Sends the code that proves the mobile before a new login password (forgotten or changed). */
export const sendChangePasswordMessage = (input: SendChangePasswordMessageInput) =>
  apiCall(api.MemberAuth.SendChangePasswordMessage, input);
