import { MemberAuth } from '@pcb/contract/member-auth';
import type { InputOf } from '@pcb/contract';
import { apiCall } from '../../../lib/api';

/** Sends an SMS login code (also the proof for binding WeChat by SMS). */
export const sendLoginMessage = (input: InputOf<typeof MemberAuth.SendLoginMessage>) =>
  apiCall(MemberAuth.SendLoginMessage, input);
