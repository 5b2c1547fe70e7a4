import { MemberAdmin } from '@pcb/contract/member-admin';
import { useEndpointQuery } from '../../../lib/api';

/** The member's account manager; only asked for when logged in (the call needs a token). */
export const useAccountManager = (enabled: boolean) =>
  useEndpointQuery(MemberAdmin.Get, {}, { staleTime: 10 * 60_000, enabled });
