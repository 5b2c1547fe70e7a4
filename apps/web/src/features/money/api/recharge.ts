import { MemberAdvancePayment } from '@pcb/contract/member-advance-payment';
import { useEndpointMutation } from '../../../lib/api';

/**
 * Starts an online top-up; the balance changes only when the provider's notify or the server's
 * query confirms it, so nothing is invalidated here (the result screen does, once credited).
 */
export const useRecharge = () =>
  useEndpointMutation(MemberAdvancePayment.Recharge, { invalidates: [] });
