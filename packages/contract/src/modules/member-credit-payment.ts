// Credit pay (月结, issue 21, decisions 0059 and 0060): the application, the credit line, the
// mobiles allowed to approve a credit payment (payImpower), the monthly bills and their
// repayment. Amounts are integer fen.
import { z } from 'zod';
import {
  idQuerySchema,
  idSchema,
  intSchema,
  mobileSchema,
  okSchema,
  pageInput,
  pageOf,
  requestIdSchema,
  sealedOpenIdSchema,
  text,
} from '../common';
import { defineModule, emptyInput } from '../define';
import { daySchema } from './member-advance-payment';
import { onlinePaymentSchema, paymentChannels, paymentPasswordInput, payScenes } from './payment';
import { reviewQueueActions, reviewRowSchema, reviewStatuses } from './review-queue';

/** Why a credit payment cannot go ahead now (null: it can), as the screens say it. */
export function creditBlockedReason(
  account: Pick<CreditAccount, 'overdue' | 'overLimit' | 'suspendedAt' | 'suspendReason'>,
): string | null {
  if (account.suspendedAt !== null) return `月结付款已暂停：${account.suspendReason ?? ''}`;
  if (account.overdue) return '您有逾期未还的月结账单，请先还款后再使用月结付款';
  if (account.overLimit > 0) return '月结额度已下调，已用额度超出新额度，请先还款后再使用月结付款';
  return null;
}

/** A member without an application is in state `none`. */
export const creditStates = ['none', ...reviewStatuses] as const;
export type CreditState = (typeof creditStates)[number];
export const creditStateLabels: Record<CreditState, string> = {
  none: '未申请',
  pending: '审核中',
  approved: '已开通',
  rejected: '已驳回',
};

/** The most finance may grant: ¥10,000,000. */
export const CREDIT_LIMIT_MAX = 1_000_000_000;
/** Billing days 1–28: every month has them. */
export const BILLING_DAY_MAX = 28;
/** A bill is due this many days after its billing day (decision 0060). */
export const BILL_DUE_DAYS = 10;
/** The member is told this many days before a bill is due, and on the due day. */
export const BILL_REMIND_DAYS = 3;
/** How many mobiles may approve credit payments. */
export const CREDIT_MOBILES_MAX = 5;

export const creditApplyInput = z.object({
  companyName: text(128).trim().min(2, { error: '请填写企业名称' }).meta({ title: '企业名称' }),
  contactName: text(32).trim().min(2, { error: '请填写联系人' }).meta({ title: '联系人' }),
  contactPhone: mobileSchema.meta({ title: '联系电话' }),
  /** Fen. */
  expectedMonthly: intSchema(100, CREDIT_LIMIT_MAX).meta({ title: '预计月结金额' }),
  remark: text(200).trim().optional().meta({ title: '备注' }),
});
export type CreditApplyInput = z.input<typeof creditApplyInput>;

export const creditApplySchema = z.object({
  id: z.number().int(),
  companyName: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  expectedMonthly: z.number().int(),
  remark: z.string().nullable(),
  status: z.enum(reviewStatuses),
  rejectReason: z.string().nullable(),
  /** Set once approved. */
  limit: z.number().int().nullable(),
  billingDay: z.number().int().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CreditApply = z.infer<typeof creditApplySchema>;

export const creditBillStatuses = ['unpaid', 'paid'] as const;
export type CreditBillStatus = (typeof creditBillStatuses)[number];

export const creditBillSchema = z.object({
  id: z.number().int(),
  /** The month it bills, `2026-11`. */
  period: z.string(),
  billDate: z.string(),
  dueDate: z.string(),
  /** The orders billed. */
  amount: z.number().int(),
  /** Orders of it cancelled (refunded to the credit line) after billing. */
  refunded: z.number().int(),
  /** What is left to repay. */
  outstanding: z.number().int(),
  orderCount: z.number().int(),
  status: z.enum(creditBillStatuses),
  overdue: z.boolean(),
  paidAt: z.string().nullable(),
});
export type CreditBill = z.infer<typeof creditBillSchema>;

export const creditAccountSchema = z.object({
  state: z.enum(creditStates),
  rejectReason: z.string().nullable(),
  limit: z.number().int(),
  used: z.number().int(),
  available: z.number().int(),
  /** Paid on credit and not on a bill yet. */
  unbilled: z.number().int(),
  billingDay: z.number().int().nullable(),
  /** The newest bill not repaid (null: none). */
  currentBill: creditBillSchema.nullable(),
  /** An overdue bill blocks credit payments until repaid. */
  overdue: z.boolean(),
  /**
   * Fen in use above the limit: finance lowered the limit below what was in use (decision
   * 0066). New credit payments are refused until repayments bring the use within the limit.
   */
  overLimit: z.number().int(),
  /** Finance suspended credit payments (null: not suspended), with the reason. */
  suspendedAt: z.string().nullable(),
  suspendReason: z.string().nullable(),
});
export type CreditAccount = z.infer<typeof creditAccountSchema>;

export const creditMobileSchema = z.object({
  id: z.number().int(),
  mobile: z.string(),
  createdAt: z.string(),
});
export type CreditMobile = z.infer<typeof creditMobileSchema>;

export const creditLogTypes = ['grant', 'limit', 'pay', 'refund', 'repay'] as const;
export type CreditLogType = (typeof creditLogTypes)[number];
export const creditLogTypeNames: Record<CreditLogType, string> = {
  grant: '开通额度',
  limit: '额度调整',
  pay: '月结付款',
  refund: '退回额度',
  repay: '账单还款',
};

export const creditLogSchema = z.object({
  id: z.number().int(),
  type: z.enum(creditLogTypes),
  /** Fen into the available credit (negative: used). */
  amount: z.number().int(),
  /** Available credit after it. */
  availableAfter: z.number().int(),
  orderNo: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type CreditLog = z.infer<typeof creditLogSchema>;

const SIX_DIGITS = /^\d{6}$/;
const codeSchema = (title: string) =>
  text(6).regex(SIX_DIGITS, { error: '请输入6位验证码' }).meta({ title });

export const creditBindMobileInput = z.object({
  mobile: mobileSchema,
  /** The code texted to the member's login mobile (`SendCreditPaymentBindMobileSms`). */
  ownerCode: codeSchema('登录手机验证码'),
  /** The code texted to the new mobile (`SendBindMobileCode`). */
  mobileCode: codeSchema('授权手机验证码'),
});

export const repayBillInput = z.object({
  id: idSchema.meta({ title: '账单' }),
  paymentPassword: paymentPasswordInput,
});

/** Repaying a bill through Alipay or WeChat Pay (decision 0065): the whole outstanding sum. */
export const repayBillOnlineInput = z.object({
  id: idSchema.meta({ title: '账单' }),
  requestId: requestIdSchema,
  channel: z
    .enum(paymentChannels, { error: '请选择支付宝或微信支付' })
    .meta({ title: '在线支付方式' }),
  scene: z.enum(payScenes, { error: '支付场景不正确' }).default('h5').meta({ title: '支付场景' }),
  wxOpenId: sealedOpenIdSchema.optional(),
});
export const BILL_ALREADY_REPAID_MESSAGE = '该账单已还清';

const sent = z.object({ resendAfterSeconds: z.number().int() });

const member = { access: 'member', whenSwitched: 'allow' } as const;
const own = { access: 'member', whenSwitched: 'refuse' } as const;

export const MemberCreditPayment = defineModule('MemberCreditPayment', {
  Get: {
    method: 'GET',
    summary: '月结账户：状态、额度、已用、可用、未出账、当前账单',
    ...member,
    input: emptyInput,
    output: creditAccountSchema,
  },
  GetApply: {
    method: 'GET',
    summary: '我的月结申请（未申请为 null）',
    ...member,
    input: emptyInput,
    output: creditApplySchema.nullable(),
  },
  SaveApply: {
    method: 'POST',
    summary: '提交月结申请（需已通过企业认证；被驳回后可重新提交）',
    ...own,
    input: creditApplyInput,
    output: creditApplySchema,
  },
  GetMemberOrderNumberAmount: {
    method: 'GET',
    summary: '时间段内的订单数与订单金额（申请月结时参考）',
    ...member,
    input: z.object({
      start: daySchema.meta({ title: '开始日期' }),
      end: daySchema.meta({ title: '结束日期' }),
    }),
    output: z.object({ number: z.number().int(), amount: z.number().int() }),
  },
  GetUnCreateBillMoney: {
    method: 'GET',
    summary: '未出账金额：月结付款且尚未出账的订单',
    ...member,
    input: emptyInput,
    output: z.object({ amount: z.number().int(), orderCount: z.number().int() }),
  },
  GetLogs: {
    method: 'GET',
    summary: '月结额度明细：开通、付款、退回、还款，最新在前',
    ...member,
    input: z.object({ ...pageInput }),
    output: pageOf(creditLogSchema),
  },
  GetMobiles: {
    method: 'GET',
    summary: '可授权月结付款的手机号',
    ...member,
    input: emptyInput,
    output: z.array(creditMobileSchema),
  },
  SendCreditPaymentBindMobileSms: {
    method: 'POST',
    summary: '绑定授权手机：向登录手机号发送身份验证码',
    ...own,
    input: emptyInput,
    output: sent,
  },
  SendBindMobileCode: {
    method: 'POST',
    summary: '绑定授权手机：向要绑定的手机号发送验证码（decision 0059）',
    ...own,
    input: z.object({ mobile: mobileSchema }),
    output: sent,
  },
  CreateCreditPaymentBindMobile: {
    method: 'POST',
    summary: '绑定授权手机（登录手机与新手机的验证码）',
    ...own,
    input: creditBindMobileInput,
    output: creditMobileSchema,
  },
  DeleteCreditPaymentBindMobile: {
    method: 'DELETE',
    summary: '删除授权手机',
    ...own,
    input: z.object({ id: idSchema }),
    output: okSchema,
  },
  GetBills: {
    method: 'GET',
    summary: '月结账单，最新在前',
    ...member,
    input: z.object({ ...pageInput }),
    output: pageOf(creditBillSchema),
  },
  GetBillOrders: {
    method: 'GET',
    summary: '账单所含订单（decision 0060）',
    ...member,
    input: z.object({ id: idQuerySchema }),
    output: z.array(
      z.object({
        orderId: z.number().int(),
        orderNo: z.string().nullable(),
        amount: z.number().int(),
        paidAt: z.string(),
        refunded: z.boolean(),
      }),
    ),
  },
  SendPayMessage: {
    method: 'POST',
    summary: '月结付款：向授权手机发送付款验证码',
    ...own,
    input: z.object({ mobile: mobileSchema }),
    output: sent,
  },
  RepayBill: {
    method: 'POST',
    summary: '用余额还清账单（支付密码；decision 0060）',
    ...own,
    input: repayBillInput,
    output: creditBillSchema,
  },
  RepayBillOnline: {
    method: 'POST',
    summary: '用支付宝或微信支付还清账单（decision 0065）',
    ...own,
    input: repayBillOnlineInput,
    output: onlinePaymentSchema,
  },
});

/** An application in finance's review queue. */
export const staffCreditApplySchema = reviewRowSchema({
  companyName: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  expectedMonthly: z.number().int(),
  limit: z.number().int().nullable(),
  billingDay: z.number().int().nullable(),
});
export type StaffCreditApply = z.infer<typeof staffCreditApplySchema>;

const queue = reviewQueueActions({
  noun: '月结申请',
  roles: ['admin', 'finance'],
  row: staffCreditApplySchema,
  detail: { remark: z.string().nullable() },
  approves: '开通月结额度与账单日',
  afterRejection: '，可修改后重新提交',
});

export const staffCreditLineSchema = z.object({
  account: creditAccountSchema,
  mobiles: z.array(creditMobileSchema),
});

export const overdueBillSchema = z.object({
  billId: z.number().int(),
  member: z.object({ id: z.number().int(), displayName: z.string() }),
  period: z.string(),
  dueDate: z.string(),
  outstanding: z.number().int(),
  /** The member's account manager (业务员), if any. */
  manager: z.string().nullable(),
});
export type OverdueBill = z.infer<typeof overdueBillSchema>;

/** Finance's side: the review queue (approve with a limit and a billing day), bills. */
export const StaffCreditPayment = defineModule('StaffCreditPayment', {
  ...queue,
  Approve: {
    ...queue.Approve,
    input: z.object({
      id: idSchema,
      limit: intSchema(100, CREDIT_LIMIT_MAX).meta({ title: '月结额度' }),
      billingDay: intSchema(1, BILLING_DAY_MAX).meta({ title: '账单日' }),
    }),
  },
  MemberCredit: {
    method: 'GET',
    summary: '会员的月结额度、已用、账单与授权手机',
    access: 'staff',
    roles: ['admin', 'finance', 'sales'],
    input: z.object({ memberId: idQuerySchema }),
    output: staffCreditLineSchema,
  },
  GetOverdue: {
    method: 'GET',
    summary: '逾期未还的月结账单（工作台；业务员只看自己的客户）',
    access: 'staff',
    roles: ['admin', 'finance', 'sales'],
    input: emptyInput,
    output: z.array(overdueBillSchema),
  },
  ChangeLine: {
    method: 'POST',
    summary:
      '调整已开通会员的月结额度与账单日（可低于已用额度：之后的月结付款被拒绝，直至还款；审计）',
    access: 'staff',
    roles: ['admin', 'finance'],
    input: z.object({
      memberId: idSchema.meta({ title: '会员编号' }),
      limit: intSchema(100, CREDIT_LIMIT_MAX).meta({ title: '月结额度' }),
      billingDay: intSchema(1, BILLING_DAY_MAX).meta({ title: '账单日' }),
      reason: text(200).trim().min(1, { error: '请填写调整原因' }).meta({ title: '调整原因' }),
    }),
    output: creditAccountSchema,
  },
  Suspend: {
    method: 'POST',
    summary: '暂停会员的月结付款（会员可见原因；审计）',
    access: 'staff',
    roles: ['admin', 'finance'],
    input: z.object({
      memberId: idSchema.meta({ title: '会员编号' }),
      reason: text(200).trim().min(1, { error: '请填写暂停原因' }).meta({ title: '暂停原因' }),
    }),
    output: creditAccountSchema,
  },
  Resume: {
    method: 'POST',
    summary: '恢复会员的月结付款（审计）',
    access: 'staff',
    roles: ['admin', 'finance'],
    input: z.object({ memberId: idSchema.meta({ title: '会员编号' }) }),
    output: creditAccountSchema,
  },
  RunBills: {
    method: 'POST',
    summary: '立即出账：为今天是账单日的会员生成账单（与定时任务相同，重复执行只生成一次）',
    access: 'staff',
    roles: ['admin', 'finance'],
    input: z.object({ day: daySchema.optional().meta({ title: '账单日期' }) }),
    output: z.object({ created: z.number().int() }),
  },
});
