// Finance's reading of the money (issue 20, decision 0054): every payment and its state, every
// refund through a provider and who caused it, and one member's ledger with their balances.
// Adjustments and the reconciliation are `StaffLedger`'s (decision 0051). Amounts are fen.
import { z } from 'zod';
import { idQuerySchema, pageInput, pageOf, text } from '../common';
import { defineModule } from '../define';
import { balancesSchema, daySchema } from './member-advance-payment';
import { paymentChannels, payScenes } from './payment';
import { memberRefSchema, staffRefSchema } from './staff-common';

/** Who reads the books: finance, and the admin (product decisions §5). */
const FINANCE_ROLES = ['admin', 'finance'] as const;

/**
 * How a payment was made: `balance` (余额, also the balance part of 余额+在线), `gift`
 * (赠送金额), `alipay`, `wechat` (the online part, with its provider), `offline` (对公转账
 * finance recorded on the order), `credit` (月结, decision 0059).
 */
export const financePaymentMethods = [
  'balance',
  'gift',
  'alipay',
  'wechat',
  'offline',
  'credit',
] as const;
export type FinancePaymentMethod = (typeof financePaymentMethods)[number];
export const financePaymentMethodNames: Record<FinancePaymentMethod, string> = {
  balance: '余额',
  gift: '赠送金额',
  alipay: '支付宝',
  wechat: '微信支付',
  offline: '对公转账',
  credit: '月结',
};

/**
 * `pending`: an online payment asked of its provider, not confirmed yet; `paid`; `closed`: an
 * online payment that was never paid (expired, replaced, the order moved on); `refunded`: the
 * money went back (a cancelled order, or an online payment for an order paid another way).
 */
export const financePaymentStates = ['pending', 'paid', 'closed', 'refunded'] as const;
export type FinancePaymentState = (typeof financePaymentStates)[number];
export const financePaymentStateNames: Record<FinancePaymentState, string> = {
  pending: '待支付机构确认',
  paid: '已支付',
  closed: '已关闭',
  refunded: '已退款',
};

/** What paid: an order, or a top-up of the balance. */
export const financePaymentPurposes = ['order', 'recharge', 'bill'] as const;
export const financePaymentPurposeNames: Record<(typeof financePaymentPurposes)[number], string> = {
  order: '订单付款',
  recharge: '余额充值',
  bill: '月结还款',
};

/** Why an online payment was closed unpaid, as finance reads it. */
export const paymentCloseReasonNames: Record<string, string> = {
  expired: '超时未支付',
  replaced: '会员重新发起了支付',
  orderLeft: '订单已不在待付款',
  providerClosed: '支付机构已关闭',
  createFailed: '发起支付失败',
  billRepaid: '账单已用余额还清',
};

/** One payment: an online payment (paid or not), or an order paid from the balance, gift or transfer. */
export const financePaymentSchema = z.object({
  /** Unique in the list: `online:<n>` for an online payment, `order:<order id>` otherwise. */
  key: z.string(),
  purpose: z.enum(financePaymentPurposes),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  member: memberRefSchema,
  method: z.enum(financePaymentMethods),
  /** The whole payment, fen: for 余额+在线 the balance part and the online part. */
  amount: z.number().int(),
  /** The balance part of 余额+在线 (held until the provider confirms); 0 otherwise. */
  balanceAmount: z.number().int(),
  state: z.enum(financePaymentStates),
  /** Our payment number at the provider; null for balance, gift and transfer. */
  outTradeNo: z.string().nullable(),
  /** The provider's own transaction number, once paid. */
  providerTradeNo: z.string().nullable(),
  scene: z.enum(payScenes).nullable(),
  /** Why an online payment closed unpaid (Chinese). */
  closeReason: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** When the provider closes an online payment still unpaid. */
  expiresAt: z.string().nullable(),
});
export type FinancePayment = z.infer<typeof financePaymentSchema>;

/** Days as China time, both inclusive (`2026-11-26`). */
const dayRange = {
  from: daySchema.optional().meta({ title: '开始日期' }),
  to: daySchema.optional().meta({ title: '结束日期' }),
};
const dayOrder = <T extends { from?: string | undefined; to?: string | undefined }>(value: T) =>
  !value.from || !value.to || value.from <= value.to;
const DAY_ORDER_MESSAGE = '结束日期不能早于开始日期';

const orderNoField = text(20)
  .trim()
  .regex(/^[A-Za-z0-9]*$/, { error: '订单号只含字母和数字' })
  .optional()
  .meta({ title: '订单号' });
const memberIdFilter = idQuerySchema.optional().meta({ title: '会员编号' });

/** The states of a refund through a provider (`payment_refund`). */
export const financeRefundStates = ['pending', 'success', 'failed'] as const;
export type FinanceRefundState = (typeof financeRefundStates)[number];
export const financeRefundStateNames: Record<FinanceRefundState, string> = {
  pending: '待支付机构确认',
  success: '已退回',
  failed: '原路退款失败，已转入余额',
};

/**
 * A refund asked of a provider: a paid order's online part when it was cancelled
 * (`orderCancel`), or an online payment that came for an order paid another way or no longer
 * payable (`duplicate`). Refunds to the balance and gift balance are immediate: they are in the
 * member's ledger.
 */
export const financeRefundSchema = z.object({
  id: z.number().int(),
  outRefundNo: z.string(),
  kind: z.enum(['orderCancel', 'duplicate']),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  member: memberRefSchema,
  channel: z.enum(paymentChannels),
  amount: z.number().int(),
  reason: z.string(),
  state: z.enum(financeRefundStates),
  /** Who caused it: the cancel's actor (会员, a staff member's name, 系统), 系统 for a duplicate. */
  requestedBy: z.string(),
  /** The payment it returns (our number at the provider). */
  outTradeNo: z.string(),
  providerRefundNo: z.string().nullable(),
  createdAt: z.string(),
  /** When the provider accepted the request; null while it has not yet. */
  submittedAt: z.string().nullable(),
  settledAt: z.string().nullable(),
});
export type FinanceRefund = z.infer<typeof financeRefundSchema>;

/** A member's three accounts in the ledger. */
export const memberLedgerAccounts = ['balance', 'gift', 'hold'] as const;
export type MemberLedgerAccount = (typeof memberLedgerAccounts)[number];
export const memberLedgerAccountNames: Record<MemberLedgerAccount, string> = {
  balance: '余额',
  gift: '赠送金额',
  hold: '冻结中',
};

/** What a ledger transaction records (the server's `ledgerTxnKinds`, decision 0051). */
export const ledgerEntryKinds = [
  'recharge',
  'receipt',
  'duplicate',
  'orderPay',
  'hold',
  'release',
  'orderRefund',
  'refundSent',
  'refundFailed',
  'duplicateRefunded',
  'adjustment',
  'opening',
  'creditGrant',
  'creditRepay',
] as const;
export type LedgerEntryKind = (typeof ledgerEntryKinds)[number];
export const ledgerEntryKindNames: Record<LedgerEntryKind, string> = {
  recharge: '充值',
  receipt: '在线收款',
  duplicate: '重复支付',
  orderPay: '订单付款',
  hold: '余额冻结',
  release: '冻结退回',
  orderRefund: '订单退款',
  refundSent: '原路退款完成',
  refundFailed: '原路退款失败转余额',
  duplicateRefunded: '重复支付已退回',
  adjustment: '调整',
  opening: '期初余额',
  creditGrant: '开通月结额度',
  creditRepay: '月结账单还款',
};

/** One change of one of the member's accounts, with what it left. */
export const memberLedgerEntrySchema = z.object({
  id: z.number().int(),
  account: z.enum(memberLedgerAccounts),
  kind: z.enum(ledgerEntryKinds),
  kindName: z.string(),
  /** Fen: positive into the account, negative out of it. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  /** The event's key in the ledger (`orderPay:12`, `adjust:<request id>`). */
  ref: z.string(),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  note: z.string().nullable(),
  /** Who adjusted it, for an adjustment. */
  staff: staffRefSchema.nullable(),
  createdAt: z.string(),
});
export type MemberLedgerEntry = z.infer<typeof memberLedgerEntrySchema>;

export const memberLedgerSchema = pageOf(memberLedgerEntrySchema).extend({
  member: memberRefSchema,
  balances: balancesSchema,
});
export type MemberLedger = z.infer<typeof memberLedgerSchema>;

export const StaffFinance = defineModule('StaffFinance', {
  ListPayments: {
    method: 'GET',
    summary:
      '支付记录：在线支付（含未支付、已关闭）与余额、赠送金额、对公转账付款，按方式、状态、用途、会员、订单号、日期筛选，最新在前',
    access: 'staff',
    roles: FINANCE_ROLES,
    input: z
      .object({
        method: z.enum(financePaymentMethods).optional().meta({ title: '支付方式' }),
        state: z.enum(financePaymentStates).optional().meta({ title: '状态' }),
        purpose: z.enum(financePaymentPurposes).optional().meta({ title: '用途' }),
        memberId: memberIdFilter,
        orderNo: orderNoField,
        ...dayRange,
        ...pageInput,
      })
      .refine(dayOrder, { path: ['to'], error: DAY_ORDER_MESSAGE }),
    output: pageOf(financePaymentSchema),
  },
  ListRefunds: {
    method: 'GET',
    summary:
      '原路退款记录：订单取消与重复支付的支付宝、微信支付退款，按状态、渠道、会员、订单号、日期筛选，最新在前',
    access: 'staff',
    roles: FINANCE_ROLES,
    input: z
      .object({
        state: z.enum(financeRefundStates).optional().meta({ title: '状态' }),
        channel: z.enum(paymentChannels).optional().meta({ title: '渠道' }),
        memberId: memberIdFilter,
        orderNo: orderNoField,
        ...dayRange,
        ...pageInput,
      })
      .refine(dayOrder, { path: ['to'], error: DAY_ORDER_MESSAGE }),
    output: pageOf(financeRefundSchema),
  },
  GetMemberLedger: {
    method: 'GET',
    summary: '会员台账：余额、赠送金额、冻结中的余额，以及每一笔变动与变动后的余额，最新在前',
    access: 'staff',
    roles: FINANCE_ROLES,
    input: z
      .object({
        memberId: idQuerySchema.meta({ title: '会员编号' }),
        account: z.enum(memberLedgerAccounts).optional().meta({ title: '账户' }),
        ...dayRange,
        ...pageInput,
      })
      .refine(dayOrder, { path: ['to'], error: DAY_ORDER_MESSAGE }),
    output: memberLedgerSchema,
  },
});
