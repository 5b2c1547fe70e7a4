import { MemberCreditPayment } from '@pcb/contract/member-credit-payment';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/api';

/** The 月结 line as the pay sheet offers it (decision 0059). */
export const useCreditForPay = (enabled: boolean) =>
  useEndpointQuery(MemberCreditPayment.Get, {}, { staleTime: 0, enabled });
export const useCreditPayMobiles = () =>
  useEndpointQuery(MemberCreditPayment.GetMobiles, {}, { staleTime: 0 });
export const useSendCreditPayCode = () =>
  useEndpointMutation(MemberCreditPayment.SendPayMessage, { invalidates: [] });
