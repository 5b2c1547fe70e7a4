import type {
  FinancePaymentState,
  FinanceRefundState,
  MemberLedgerAccount,
} from '@pcb/contract/staff-finance';
import {
  financePaymentStateNames,
  financeRefundStateNames,
  memberLedgerAccountNames,
} from '@pcb/contract/staff-finance';

/**
 * How each state shows as a tag: what waits on a provider in blue, what went wrong in red. The
 * colour presets the theme keeps at AA (decision 0036), never the status ones (`success`,
 * `warning`), whose backgrounds antd derives from the theme's darker status colours.
 */
export const paymentStateTags: Record<FinancePaymentState, { label: string; color: string }> = {
  pending: { label: financePaymentStateNames.pending, color: 'processing' },
  paid: { label: financePaymentStateNames.paid, color: 'green' },
  closed: { label: financePaymentStateNames.closed, color: 'default' },
  refunded: { label: financePaymentStateNames.refunded, color: 'orange' },
};

export const refundStateTags: Record<FinanceRefundState, { label: string; color: string }> = {
  pending: { label: financePaymentStateNames.pending, color: 'processing' },
  success: { label: financeRefundStateNames.success, color: 'green' },
  failed: { label: '失败，已转余额', color: 'red' },
};

export const accountTags: Record<MemberLedgerAccount, { label: string; color: string }> = {
  balance: { label: memberLedgerAccountNames.balance, color: 'blue' },
  gift: { label: memberLedgerAccountNames.gift, color: 'magenta' },
  hold: { label: memberLedgerAccountNames.hold, color: 'gold' },
};

/** What each check of the reconciliation compares (`check` of a difference). */
export const reconciliationCheckNames: Record<string, string> = {
  account: '账户余额与台账合计',
  transaction: '交易分录不平',
  sign: '余额方向',
  memberMirror: '会员余额字段',
  hold: '冻结余额与进行中的支付',
  order: '订单收款账户',
  orderStatus: '订单状态与收款',
  refundPending: '待退款账户与处理中的退款',
  receipt: '在线支付与收款记录',
  provider: '支付机构（支付）',
  providerRefund: '支付机构（退款）',
};
