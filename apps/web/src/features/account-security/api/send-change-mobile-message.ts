import { api, type InputOf } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';

/** Sends a code to the new mobile (the change itself, or the manual application). */
export const sendChangeMobileMessage = (
  input: InputOf<typeof api.MemberInfo.SendChangeMobileMessage>,
) => apiCall(api.MemberInfo.SendChangeMobileMessage, input);
