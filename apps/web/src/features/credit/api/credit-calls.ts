// The credit-pay calls (月结, decisions 0059 and 0060), each with its hook; mutations invalidate
// what they change.
import type { EndpointDef } from '@pcb/contract';
import { MemberAdvancePayment } from '@pcb/contract/member-advance-payment';
import { MemberCreditPayment } from '@pcb/contract/member-credit-payment';
import { useEndpointMutation, useEndpointQuery } from '../../../lib/api';

const M = MemberCreditPayment;

const accountAnswers: EndpointDef[] = [
  M.Get,
  M.GetApply,
  M.GetBills,
  M.GetLogs,
  M.GetUnCreateBillMoney,
  MemberAdvancePayment.GetBalance,
];

export const useCreditAccount = () => useEndpointQuery(M.Get, {}, { staleTime: 0 });
export const useCreditApply = () => useEndpointQuery(M.GetApply, {}, { staleTime: 0 });
export const useOrderNumberAmount = (range: { start: string; end: string } | null) =>
  useEndpointQuery(M.GetMemberOrderNumberAmount, range ?? { start: '', end: '' }, {
    enabled: range !== null,
  });
export const useUnbilled = () => useEndpointQuery(M.GetUnCreateBillMoney, {});
export const useCreditBills = (page = 1) =>
  useEndpointQuery(M.GetBills, { page, pageSize: 20 }, { staleTime: 0 });
export const useCreditLogs = (page = 1) => useEndpointQuery(M.GetLogs, { page, pageSize: 20 });
export const useCreditMobiles = () => useEndpointQuery(M.GetMobiles, {}, { staleTime: 0 });

export const useSaveCreditApply = () =>
  useEndpointMutation(M.SaveApply, { invalidates: accountAnswers });
export const useSendOwnerCode = () =>
  useEndpointMutation(M.SendCreditPaymentBindMobileSms, { invalidates: [] });
export const useSendBindMobileCode = () =>
  useEndpointMutation(M.SendBindMobileCode, { invalidates: [] });
export const useBindMobile = () =>
  useEndpointMutation(M.CreateCreditPaymentBindMobile, { invalidates: [M.GetMobiles] });
export const useDeleteMobile = () =>
  useEndpointMutation(M.DeleteCreditPaymentBindMobile, { invalidates: [M.GetMobiles] });
