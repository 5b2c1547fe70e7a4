import { MemberInfo } from '@pcb/contract/member-info';
import type { InputOf } from '@pcb/contract';
import { apiCall } from '../../../lib/api';

/** Sends a code to the new mobile (the change itself, or the manual application). */
export const sendChangeMobileMessage = (
  input: InputOf<typeof MemberInfo.SendChangeMobileMessage>,
) => apiCall(MemberInfo.SendChangeMobileMessage, input);
