// Finance's review of credit applications (decision 0059): list, one, approve with a limit and
// a billing day, reject with a reason.
import type { InputOf } from '@pcb/contract';
import { StaffCreditPayment } from '@pcb/contract/member-credit-payment';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/api';

const S = StaffCreditPayment;

export const useCreditApplies = (input: InputOf<typeof S.List>) =>
  useEndpointQuery(S.List, input, { keepPrevious: true });
export const useCreditApply = (id: number | null) =>
  useEndpointQuery(S.Get, { id: id ?? 0 }, { enabled: id !== null });
export const useApproveCreditApply = () =>
  useEndpointMutation(S.Approve, { invalidates: [S.List, S.Get, S.MemberCredit] });
export const useRejectCreditApply = () =>
  useEndpointMutation(S.Reject, { invalidates: [S.List, S.Get] });
export const useRunCreditBills = () =>
  useEndpointMutation(S.RunBills, { invalidates: [S.GetOverdue, S.MemberCredit] });
export const useOverdueBills = () => useEndpointQuery(S.GetOverdue, {});
