import { MemberAdvancePayment } from '@pcb/contract/member-advance-payment';
import { useEndpointQuery } from '../../../lib/api';

/** The balance, the gift balance and what is held for online payments under way. */
export const useBalances = (options: { enabled?: boolean } = {}) =>
  useEndpointQuery(MemberAdvancePayment.GetBalance, {}, { staleTime: 0, ...options });
