import type { EndpointDef } from '@pcb/contract';
import { MemberCreditPayment } from '@pcb/contract/member-credit-payment';
import { useEndpointMutation } from '../../../lib/api';
import { moneyInvalidates } from './money-invalidates';

const M = MemberCreditPayment;

/** What repaying a bill changes on screen: the bills, the line, the balances. */
export const billInvalidates: EndpointDef[] = [
  M.Get,
  M.GetBills,
  M.GetLogs,
  M.GetUnCreateBillMoney,
  ...moneyInvalidates,
];

/** From the balance, with the payment password (decision 0060). */
export const useRepayBill = () =>
  useEndpointMutation(M.RepayBill, { invalidates: billInvalidates });
/** Through Alipay or WeChat Pay (decision 0065): repaid once the provider confirms. */
export const useRepayBillOnline = () => useEndpointMutation(M.RepayBillOnline, { invalidates: [] });
