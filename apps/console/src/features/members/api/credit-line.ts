import { StaffCreditPayment } from '@pcb/contract/member-credit-payment';
import { useEndpointMutation } from '../../../lib/api';

const invalidates = [StaffCreditPayment.MemberCredit, StaffCreditPayment.List];

/** Finance changes an approved line: the limit and the billing day (decision 0066). */
export const useChangeCreditLine = () =>
  useEndpointMutation(StaffCreditPayment.ChangeLine, { invalidates });

/** Finance stops credit payments with a reason the member reads, or lets them go on. */
export const useSuspendCredit = () =>
  useEndpointMutation(StaffCreditPayment.Suspend, { invalidates });
export const useResumeCredit = () =>
  useEndpointMutation(StaffCreditPayment.Resume, { invalidates });
