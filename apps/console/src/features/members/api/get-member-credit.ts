import { StaffCreditPayment } from '@pcb/contract/member-credit-payment';
import { useEndpointQuery } from '../../../lib/api';

/** The member's 月结 line, its current bill and approving mobiles (decision 0059). */
export const useMemberCredit = (memberId: number, enabled: boolean) =>
  useEndpointQuery(StaffCreditPayment.MemberCredit, { memberId }, { enabled });
