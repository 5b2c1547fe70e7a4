import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { orderKinds } from '@pcb/contract';
import type { PaymentLaunch } from '../../integrations/payment/payment-provider';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const attemptStatuses = ['open', 'paid', 'closed'] as const;
/** What an online payment pays: an order, a top-up, or a credit bill (decision 0065). */
export const attemptPurposes = ['order', 'recharge', 'bill'] as const;
export type AttemptPurpose = (typeof attemptPurposes)[number];
export type AttemptStatus = (typeof attemptStatuses)[number];
/** The balance part of `balanceOnline`: held at once, then captured or released. */
export const holdStates = ['none', 'held', 'captured', 'released'] as const;
export type HoldState = (typeof holdStates)[number];
/** What a paid attempt's money did. */
export const settlements = ['applied', 'refunded'] as const;

/**
 * One online payment asked of a provider (decision 0051): for an order (its online part, with
 * the balance part held when `balance_fen` > 0) or a top-up. `out_trade_no` is what the
 * provider knows it by. Paid only by a verified notify or our own query of the provider, never
 * by the browser's return; a provider transaction is credited once (`provider_trade_no`
 * unique per channel, and the ledger's `receipt:<channel>:<outTradeNo>`).
 */
export const paymentAttempt = pgTable(
  'payment_attempt',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    outTradeNo: varchar('out_trade_no', { length: 32 }).notNull(),
    purpose: text('purpose', { enum: attemptPurposes }).notNull(),
    /** Whose account: the order's member, or the member topping up. */
    memberId: integer('member_id').notNull(),
    /** Who asked: the main member while switched (decision 0009), else the member. */
    payerMemberId: integer('payer_member_id').notNull(),
    orderId: integer('order_id'),
    orderNo: varchar('order_no', { length: 20 }),
    orderKind: text('order_kind', { enum: orderKinds }),
    /** The order's total and revision when asked: a later change makes the money a duplicate. */
    orderTotal: integer('order_total'),
    orderRevision: integer('order_revision'),
    channel: varchar('channel', { length: 10 }).notNull(),
    scene: varchar('scene', { length: 12 }).notNull(),
    /** The balance part (held), fen. */
    balanceFen: integer('balance_fen').notNull().default(0),
    /** What the provider is asked to collect, fen. */
    onlineFen: integer('online_fen').notNull(),
    /**
     * The coupon held for this payment and its deduction (decision 0064): the coupon's own row
     * names the attempt while it is held (`member_coupon.held_attempt_id`).
     */
    couponId: integer('coupon_id'),
    couponFen: integer('coupon_fen').notNull().default(0),
    /** The credit bill repaid (purpose `bill`, decision 0065). */
    billId: integer('bill_id'),
    status: text('status', { enum: attemptStatuses }).notNull().default('open'),
    hold: text('hold', { enum: holdStates }).notNull().default('none'),
    settlement: text('settlement', { enum: settlements }),
    /** Why it closed: `expired`, `replaced`, `orderLeft` (paid another way, cancelled, edited), … */
    closeReason: varchar('close_reason', { length: 20 }),
    providerTradeNo: varchar('provider_trade_no', { length: 64 }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** How the page starts it (the provider's answer to create), kept for a retried request. */
    launch: jsonb('launch').$type<PaymentLaunch>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payment_attempt_out_trade_no_uq').on(t.outTradeNo),
    uniqueIndex('payment_attempt_provider_trade_uq')
      .on(t.channel, t.providerTradeNo)
      .where(sql`${t.providerTradeNo} IS NOT NULL`),
    index('payment_attempt_order_idx').on(t.orderId, t.status),
    // One repayment under way per bill: a new one closes the last (decision 0065).
    uniqueIndex('payment_attempt_one_open_bill_uq')
      .on(t.billId)
      .where(sql`${t.status} = 'open' AND ${t.billId} IS NOT NULL`),
    // A new payment of an order first closes the one under way (its hold is released).
    uniqueIndex('payment_attempt_one_open_uq')
      .on(t.orderId)
      .where(sql`${t.status} = 'open' AND ${t.orderId} IS NOT NULL`),
    index('payment_attempt_open_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'open'`),
    index('payment_attempt_member_idx').on(t.memberId, t.createdAt),
    // Finance's payments list, newest first (decision 0054).
    index('payment_attempt_created_idx').on(t.createdAt, t.id),
    check('payment_attempt_status_ck', sql`${t.status} IN (${inList(attemptStatuses)})`),
    check('payment_attempt_hold_ck', sql`${t.hold} IN (${inList(holdStates)})`),
    check('payment_attempt_channel_ck', sql`${t.channel} IN ('alipay', 'wechat')`),
    check('payment_attempt_scene_ck', sql`${t.scene} IN ('h5', 'jsapi', 'miniprogram')`),
    check('payment_attempt_amounts_ck', sql`${t.onlineFen} > 0 AND ${t.balanceFen} >= 0`),
    check('payment_attempt_purpose_list_ck', sql`${t.purpose} IN (${inList(attemptPurposes)})`),
    check(
      'payment_attempt_purpose_ck',
      sql`CASE WHEN ${t.purpose} = 'order'
        THEN ${t.orderId} IS NOT NULL AND ${t.billId} IS NULL
          AND ${t.orderTotal} = ${t.balanceFen} + ${t.onlineFen} + ${t.couponFen}
          AND ${t.orderRevision} IS NOT NULL AND ${t.orderKind} IS NOT NULL
        ELSE ${t.orderId} IS NULL AND ${t.balanceFen} = 0 AND ${t.couponFen} = 0
          AND (${t.billId} IS NOT NULL) = (${t.purpose} = 'bill') END`,
    ),
    check(
      'payment_attempt_coupon_ck',
      sql`${t.couponFen} >= 0 AND (${t.couponFen} > 0) = (${t.couponId} IS NOT NULL)`,
    ),
    // A hold exists exactly when there is a balance part, and is held only while open.
    check(
      'payment_attempt_hold_state_ck',
      sql`(${t.balanceFen} > 0) = (${t.hold} <> 'none') AND (${t.hold} <> 'held' OR ${t.status} = 'open')`,
    ),
    check(
      'payment_attempt_paid_ck',
      sql`(${t.status} = 'paid') = (${t.providerTradeNo} IS NOT NULL AND ${t.paidAt} IS NOT NULL AND ${t.settlement} IS NOT NULL)`,
    ),
  ],
);
export type PaymentAttemptRow = typeof paymentAttempt.$inferSelect;

export const orderPaymentMethods = [
  'balance',
  'gift',
  'online',
  'balanceOnline',
  'offline',
  'credit',
] as const;
export type OrderPaymentMethod = (typeof orderPaymentMethods)[number];

/**
 * How an order was paid: at most one row per order (its primary key), so an order is paid at
 * most once whatever races; the parts add up to the total. `refunded_at` is set once, by the
 * cancellation that refunds it.
 */
export const orderPayment = pgTable(
  'order_payment',
  {
    orderId: integer('order_id').primaryKey(),
    memberId: integer('member_id').notNull(),
    method: text('method', { enum: orderPaymentMethods }).notNull(),
    totalFen: integer('total_fen').notNull(),
    balanceFen: integer('balance_fen').notNull().default(0),
    giftFen: integer('gift_fen').notNull().default(0),
    onlineFen: integer('online_fen').notNull().default(0),
    offlineFen: integer('offline_fen').notNull().default(0),
    /** 月结: paid from the member's credit line (decision 0059). */
    creditFen: integer('credit_fen').notNull().default(0),
    /** Taken off by a coupon (decision 0061; its row in `coupon_use`). */
    couponFen: integer('coupon_fen').notNull().default(0),
    channel: varchar('channel', { length: 10 }),
    attemptId: integer('attempt_id'),
    /** The offline payment finance recorded (`order_offline_payment`). */
    offlinePaymentId: integer('offline_payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    // Finance's payments list, all or one member's, newest first (decision 0054): the orders
    // paid without an online payment (the others are listed as their online payment).
    index('order_payment_paid_idx')
      .on(t.paidAt, t.orderId)
      .where(sql`${t.attemptId} IS NULL`),
    index('order_payment_member_idx')
      .on(t.memberId, t.paidAt)
      .where(sql`${t.attemptId} IS NULL`),
    uniqueIndex('order_payment_attempt_uq')
      .on(t.attemptId)
      .where(sql`${t.attemptId} IS NOT NULL`),
    check('order_payment_method_ck', sql`${t.method} IN (${inList(orderPaymentMethods)})`),
    check(
      'order_payment_parts_ck',
      sql`${t.balanceFen} >= 0 AND ${t.giftFen} >= 0 AND ${t.onlineFen} >= 0 AND ${t.offlineFen} >= 0
        AND ${t.creditFen} >= 0
        AND ${t.couponFen} >= 0
        AND ${t.totalFen} = ${t.balanceFen} + ${t.giftFen} + ${t.onlineFen} + ${t.offlineFen} + ${t.creditFen} + ${t.couponFen}`,
    ),
    check(
      'order_payment_online_ck',
      sql`(${t.onlineFen} > 0) = (${t.attemptId} IS NOT NULL AND ${t.channel} IS NOT NULL)`,
    ),
  ],
);
export type OrderPaymentRow = typeof orderPayment.$inferSelect;

export const refundStatuses = ['pending', 'success', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/**
 * A refund asked of a provider: a cancelled order's online part, or a duplicate payment. A
 * provider payment is refunded at most once, in full (`attempt_id` unique). Confirmed by the
 * provider's notify or our query (a job polls the pending ones); a refund that fails for good
 * goes to the member's balance instead.
 */
export const paymentRefund = pgTable(
  'payment_refund',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    outRefundNo: varchar('out_refund_no', { length: 32 }).notNull(),
    attemptId: integer('attempt_id').notNull(),
    /** The cancelled order it refunds; null for a duplicate payment. */
    orderId: integer('order_id'),
    memberId: integer('member_id').notNull(),
    channel: varchar('channel', { length: 10 }).notNull(),
    outTradeNo: varchar('out_trade_no', { length: 32 }).notNull(),
    amountFen: integer('amount_fen').notNull(),
    /** The payment's own amount (WeChat Pay asks for it). */
    totalFen: integer('total_fen').notNull(),
    reason: varchar('reason', { length: 80 }).notNull(),
    status: text('status', { enum: refundStatuses }).notNull().default('pending'),
    providerRefundNo: varchar('provider_refund_no', { length: 64 }),
    /** When the provider accepted the request; null until then (the job asks again). */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payment_refund_out_refund_no_uq').on(t.outRefundNo),
    uniqueIndex('payment_refund_attempt_uq').on(t.attemptId),
    // Finance's refunds list, all or one member's, newest first (decision 0054).
    index('payment_refund_created_idx').on(t.createdAt, t.id),
    index('payment_refund_member_idx').on(t.memberId, t.createdAt),
    index('payment_refund_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('payment_refund_status_ck', sql`${t.status} IN (${inList(refundStatuses)})`),
    check('payment_refund_amount_ck', sql`${t.amountFen} > 0 AND ${t.amountFen} <= ${t.totalFen}`),
    check('payment_refund_settled_ck', sql`(${t.status} = 'pending') = (${t.settledAt} IS NULL)`),
  ],
);
export type PaymentRefundRow = typeof paymentRefund.$inferSelect;

/**
 * A money call's request id (decision 0051): a retry with the same id answers what the first
 * call answered. Written in the call's own transaction, first, so a concurrent retry waits for
 * it and reads its answer; an online payment keeps the attempt and, once the provider answered,
 * the answer. `digest` is what the call asked (without the password): reusing an id for
 * another request is refused.
 */
export const moneyRequest = pgTable(
  'money_request',
  {
    memberId: integer('member_id').notNull(),
    requestId: varchar('request_id', { length: 36 }).notNull(),
    action: varchar('action', { length: 40 }).notNull(),
    digest: varchar('digest', { length: 64 }).notNull(),
    attemptId: integer('attempt_id'),
    response: jsonb('response').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.requestId] })],
);
export type MoneyRequestRow = typeof moneyRequest.$inferSelect;
