import { MemberAuth } from '@pcb/contract/member-auth';
import type { InputOf } from '@pcb/contract';
import { apiCall } from '../../../lib/api';

/** Sends the code to the member's own mobile before a payment password is set. */
export const sendChangePaymentPasswordMessage = (
  input: InputOf<typeof MemberAuth.SendChangePaymentPasswordMessage>,
) => apiCall(MemberAuth.SendChangePaymentPasswordMessage, input);
