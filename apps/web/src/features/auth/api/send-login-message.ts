import { api, type InputOf } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';

export type SendLoginMessageInput = InputOf<typeof api.MemberAuth.SendLoginMessage>;

/** Sends an SMS login code (also the proof for binding WeChat by SMS). */
export const sendLoginMessage = (input: SendLoginMessageInput) =>
  apiCall(api.MemberAuth.SendLoginMessage, input);
