import { yuan } from '@pcb/pricing';
import type { MessageDraft } from '../member-message/member-message.module';

/** The member is told of each transfer credited to their balance (decision 0055). */
export const transferCreditedMessage = (credit: {
  memberId: number;
  amount: number;
  bankReference: string;
  valueDate: string;
}): MessageDraft => ({
  memberId: credit.memberId,
  category: 'finance',
  title: '对公转账已到账',
  content: `您${credit.valueDate}通过对公转账汇入的${yuan(credit.amount)}已计入余额（银行流水号${credit.bankReference}）。`,
  link: '/theBalance',
});
