// The member's money at the factory (issue 20 §3, decision 0051): the balance (advance payment,
// 余额) and the gift balance (赠送金额), top-up online, and the logs. Amounts are fen.
import { z } from 'zod';
import { intSchema, pageInput, pageOf, requestIdSchema, text } from '../common';
import { defineModule } from '../define';
import { onlineChoiceShape, onlinePaymentSchema, paymentChannels } from './payment';

/** The least one top-up may be: ¥1. */
export const RECHARGE_MIN = 100;
/** The most one top-up may be: ¥50,000 (a larger sum goes by bank transfer, `DirectConnection`). */
export const RECHARGE_MAX = 5_000_000;
/** A top-up may not take the balance beyond ¥1,000,000. */
export const BALANCE_MAX = 100_000_000;
/** The amounts the top-up page offers as buttons (¥100, ¥500, ¥1,000, ¥5,000). */
export const rechargePresets = [10_000, 50_000, 100_000, 500_000] as const;

export const balancesSchema = z.object({
  /** The advance payment: what balance payments take. */
  balance: z.number().int(),
  /** The gift balance: pays orders, never withdrawn, not invoiced. */
  giftBalance: z.number().int(),
  /** Balance held for online payments under way (余额+在线支付), back if they fail. */
  held: z.number().int(),
});
export type Balances = z.infer<typeof balancesSchema>;

/** What a log line records. */
export const moneyLogTypes = [
  'recharge',
  'pay',
  'refund',
  'hold',
  'release',
  'adjustment',
  'duplicate',
] as const;
export type MoneyLogType = (typeof moneyLogTypes)[number];
export const moneyLogTypeNames: Record<MoneyLogType, string> = {
  recharge: '充值',
  pay: '订单付款',
  refund: '退款',
  hold: '余额冻结',
  release: '冻结退回',
  adjustment: '调整',
  duplicate: '重复支付（原路退回）',
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A day in China time, `2026-11-26`. */
export const daySchema = text(10)
  .regex(DAY, { error: '日期格式应为YYYY-MM-DD' })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00+08:00`)), {
    error: '日期不正确',
  });

/** A page of a log, by type and days (both inclusive, China time). */
export const moneyLogInput = z
  .object({
    ...pageInput,
    type: z.enum(moneyLogTypes, { error: '类型不正确' }).optional().meta({ title: '类型' }),
    from: daySchema.optional().meta({ title: '开始日期' }),
    to: daySchema.optional().meta({ title: '结束日期' }),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, {
    path: ['to'],
    error: '结束日期不能早于开始日期',
  });

/** One money event of the member (收支明细). */
export const moneyLogSchema = z.object({
  id: z.number().int(),
  type: z.enum(moneyLogTypes),
  typeName: z.string(),
  /** Whether money came to the member (`in`: top-up, refund, release) or went (`out`). */
  direction: z.enum(['in', 'out']),
  /** Fen moved, never negative (`direction` says which way). */
  amount: z.number().int(),
  /** How: 余额, 赠送金额, 支付宝, 微信支付, 对公转账 — the parts of a payment or refund. */
  parts: z.array(z.object({ name: z.string(), amount: z.number().int() })),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type MoneyLog = z.infer<typeof moneyLogSchema>;

/** One change of the balance or the gift balance, with what it left. */
export const accountLogSchema = z.object({
  id: z.number().int(),
  type: z.enum(moneyLogTypes),
  typeName: z.string(),
  /** The change, fen: positive in, negative out. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type AccountLog = z.infer<typeof accountLogSchema>;

export const MemberAdvancePayment = defineModule('MemberAdvancePayment', {
  Recharge: {
    method: 'POST',
    summary: `在线充值余额（单笔1元至5万元，充值后余额不超过100万元）：到账以支付宝或微信支付的通知或查询为准`,
    access: 'member',
    // Money comes into the account's own balance: its owner tops up, not a colleague.
    whenSwitched: 'refuse',
    input: z
      .object({
        requestId: requestIdSchema,
        amount: intSchema(RECHARGE_MIN, RECHARGE_MAX).meta({ title: '充值金额' }),
        ...onlineChoiceShape,
        channel: z.enum(paymentChannels, { error: '请选择支付宝或微信支付' }).meta({
          title: '在线支付方式',
        }),
      })
      .meta({ title: '充值' }),
    output: onlinePaymentSchema,
  },
  GetBalance: {
    method: 'GET',
    summary: '余额、赠送金额与冻结中的余额',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({}),
    output: balancesSchema,
  },
  GetLogs: {
    method: 'GET',
    summary: '收支明细：充值、付款、退款、冻结与退回、调整，按类型与日期筛选，最新在前',
    access: 'member',
    whenSwitched: 'allow',
    input: moneyLogInput,
    output: pageOf(moneyLogSchema),
  },
  GetAdvancePaymentLogs: {
    method: 'GET',
    summary: '余额明细：每次变动与变动后的余额',
    access: 'member',
    whenSwitched: 'allow',
    input: moneyLogInput,
    output: pageOf(accountLogSchema),
  },
  GetGiftPaymentLogs: {
    method: 'GET',
    summary: '赠送金额明细：每次变动与变动后的赠送金额',
    access: 'member',
    whenSwitched: 'allow',
    input: moneyLogInput,
    output: pageOf(accountLogSchema),
  },
});
