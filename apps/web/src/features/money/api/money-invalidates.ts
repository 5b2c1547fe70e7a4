import type { EndpointDef } from '@pcb/contract';
import { MemberAdvancePayment } from '@pcb/contract/member-advance-payment';
import { MemberInfoRead } from '@pcb/contract/member-info-read';

/**
 * What money moving changes on screen: the balances, the logs and the header's balance. Apart
 * from the order calls (pay-calls.ts): a top-up's screens load no order schemas.
 */
export const moneyInvalidates: EndpointDef[] = [
  MemberAdvancePayment.GetBalance,
  MemberAdvancePayment.GetLogs,
  MemberAdvancePayment.GetAdvancePaymentLogs,
  MemberAdvancePayment.GetGiftPaymentLogs,
  MemberInfoRead.Get,
];
