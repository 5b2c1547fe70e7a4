import { api, type InputOf } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';

/** Sends the code to the member's own mobile before a payment password is set. */
export const sendChangePaymentPasswordMessage = (
  input: InputOf<typeof api.MemberAuth.SendChangePaymentPasswordMessage>,
) => apiCall(api.MemberAuth.SendChangePaymentPasswordMessage, input);
