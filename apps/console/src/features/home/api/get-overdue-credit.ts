import { StaffCreditPayment } from '@pcb/contract/member-credit-payment';
import { useEndpointQuery } from '../../../lib/api';

/** Overdue 月结 bills (decision 0060): sales see their own members', finance and admin all. */
export const useOverdueCredit = () => useEndpointQuery(StaffCreditPayment.GetOverdue, {});
