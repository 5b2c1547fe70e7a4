import { MemberAuth } from '@pcb/contract/member-auth';
import type { NcVerifyDto } from '@pcb/contract';
import { apiCall } from '../../../lib/api';

/** Sends a code to the member's current mobile (first step of changing it). */
export const sendOldMobileMessage = (ncVerifyDto: NcVerifyDto) =>
  apiCall(MemberAuth.SendOldMobileMessage, { ncVerifyDto });
