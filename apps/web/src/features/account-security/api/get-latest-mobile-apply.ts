import { MemberUpMobileApply } from '@pcb/contract/member-up-mobile-apply';
import { useEndpointQuery } from '../../../lib/api';

/** The member's latest mobile-change application and what staff decided, or null. */
export const useLatestMobileApply = () =>
  useEndpointQuery(MemberUpMobileApply.GetLatest, {}, { staleTime: 0 });
