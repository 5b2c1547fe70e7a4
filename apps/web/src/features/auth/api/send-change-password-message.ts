import { MemberAuth } from '@pcb/contract/member-auth';
import type { InputOf } from '@pcb/contract';
import { apiCall } from '../../../lib/api';

/** Sends the code that proves the mobile before a new login password (forgotten or changed). */
export const sendChangePasswordMessage = (
  input: InputOf<typeof MemberAuth.SendChangePasswordMessage>,
) => apiCall(MemberAuth.SendChangePasswordMessage, input);
