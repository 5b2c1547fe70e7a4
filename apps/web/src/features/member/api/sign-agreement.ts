import { api } from '@pcb/contract';
import { apiCall } from '../../../lib/api-client';

/** Records that the member accepted the current member agreement. */
export const signMbAgreement = () => apiCall(api.MemberAuth.SignMbAgreement, {});
