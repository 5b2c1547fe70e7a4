// The site messages of credit pay (decisions 0059, 0060), in one place.
import { paymentChannelNames, type PaymentChannelName } from '@pcb/contract';
import { yuan } from '@pcb/pricing';
import type { MessageDraft } from '../member-message/member-message.module';
import type { CreditApplyRow, CreditBillRow } from './credit-payment.table';
import { outstandingOf } from './credit-views';

const ACCOUNT_LINK = '/creditAccount';

export const creditMessages = {
  decided: (row: CreditApplyRow): MessageDraft => ({
    memberId: row.memberId,
    category: 'finance',
    title: row.status === 'approved' ? '月结申请已通过' : '月结申请未通过',
    content:
      row.status === 'approved'
        ? `您的月结申请已通过：额度${yuan(row.limitFen ?? 0)}，每月${row.billingDay}日出账。`
        : `您的月结申请未通过，原因：${row.rejectReason ?? ''}。您可修改后重新提交。`,
    link: row.status === 'approved' ? ACCOUNT_LINK : '/creditPay',
  }),
  lineChanged: (row: CreditApplyRow, overLimit: number): MessageDraft => ({
    memberId: row.memberId,
    category: 'finance',
    title: '月结额度已调整',
    content:
      `您的月结额度已调整为${yuan(row.limitFen ?? 0)}，每月${row.billingDay}日出账。` +
      (overLimit > 0
        ? `目前已用额度超出新额度${yuan(overLimit)}，还款后方可继续使用月结付款。`
        : ''),
    link: ACCOUNT_LINK,
  }),
  suspended: (row: CreditApplyRow): MessageDraft => ({
    memberId: row.memberId,
    category: 'finance',
    title: '月结付款已暂停',
    content: `您的月结付款已暂停，原因：${row.suspendReason ?? ''}。如有疑问请联系您的客户经理。`,
    link: ACCOUNT_LINK,
  }),
  resumed: (row: CreditApplyRow): MessageDraft => ({
    memberId: row.memberId,
    category: 'finance',
    title: '月结付款已恢复',
    content: '您的月结付款已恢复，可继续使用月结付款。',
    link: ACCOUNT_LINK,
  }),
  billed: (bill: CreditBillRow): MessageDraft => ({
    memberId: bill.memberId,
    category: 'finance',
    title: '月结账单已生成',
    content: `您${bill.period}的月结账单已生成：${bill.orderCount}笔订单，共${yuan(bill.amountFen)}，请于${bill.dueDate}前还款。`,
    link: ACCOUNT_LINK,
  }),
  /** A bill repaid (from the balance, or online through `how`), written with the repayment. */
  repaid: (
    bill: CreditBillRow,
    amount: number,
    how: 'balance' | PaymentChannelName,
  ): MessageDraft => ({
    memberId: bill.memberId,
    category: 'finance',
    title: '月结账单已还清',
    content: `您${bill.period}的月结账单已还清：${how === 'balance' ? '余额' : paymentChannelNames[how]}还款${yuan(amount)}，月结可用额度已恢复。`,
    link: ACCOUNT_LINK,
  }),
  dueSoon: (bill: CreditBillRow): MessageDraft => ({
    memberId: bill.memberId,
    category: 'finance',
    title: '月结账单即将到期',
    content: `您${bill.period}的月结账单待还${yuan(outstandingOf(bill))}，将于${bill.dueDate}到期，请及时还款。`,
    link: ACCOUNT_LINK,
  }),
  dueToday: (bill: CreditBillRow): MessageDraft => ({
    memberId: bill.memberId,
    category: 'finance',
    title: '月结账单今日到期',
    content: `您${bill.period}的月结账单待还${yuan(outstandingOf(bill))}，今日到期。逾期后将暂停月结付款。`,
    link: ACCOUNT_LINK,
  }),
};
