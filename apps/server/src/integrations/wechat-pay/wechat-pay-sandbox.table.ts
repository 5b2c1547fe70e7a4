import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The embedded WeChat Pay sandbox's own state (development and tests; production never writes
 * here). In PostgreSQL so that every server instance plays the same WeChat Pay: the same keys,
 * the same orders, one outcome per order.
 */

/** The sandbox merchant's keys, made once by whichever instance starts first. */
export const wechatPaySandboxKeys = pgTable('wechat_pay_sandbox_keys', {
  mchid: varchar('mchid', { length: 32 }).primaryKey(),
  merchantPrivateKey: text('merchant_private_key').notNull(),
  merchantSerialNo: varchar('merchant_serial_no', { length: 64 }).notNull(),
  platformPrivateKey: text('platform_private_key').notNull(),
  publicKeyId: varchar('public_key_id', { length: 64 }).notNull(),
  apiV3Key: varchar('api_v3_key', { length: 32 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const wechatPaySandboxTrades = pgTable(
  'wechat_pay_sandbox_trades',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mchid: varchar('mchid', { length: 32 }).notNull(),
    outTradeNo: varchar('out_trade_no', { length: 32 }).notNull(),
    appid: varchar('appid', { length: 32 }).notNull(),
    tradeType: varchar('trade_type', { length: 8 }).notNull(),
    description: varchar('description', { length: 127 }).notNull(),
    total: integer('total').notNull(),
    openid: varchar('openid', { length: 128 }),
    payerClientIp: varchar('payer_client_ip', { length: 45 }),
    notifyUrl: text('notify_url').notNull(),
    timeExpire: timestamp('time_expire', { withTimezone: true }).notNull(),
    prepayId: varchar('prepay_id', { length: 64 }).notNull().unique(),
    tradeState: varchar('trade_state', { length: 16 }).notNull().default('NOTPAY'),
    transactionId: varchar('transaction_id', { length: 32 }).unique(),
    successTime: timestamp('success_time', { withTimezone: true }),
    refunded: integer('refunded').notNull().default(0),
    notifyAttempts: integer('notify_attempts').notNull().default(0),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('wechat_pay_sandbox_trades_out_trade_no').on(t.mchid, t.outTradeNo),
    check('wechat_pay_sandbox_trades_type', sql`${t.tradeType} IN ('JSAPI', 'MWEB')`),
    check(
      'wechat_pay_sandbox_trades_state',
      sql`${t.tradeState} IN ('NOTPAY', 'SUCCESS', 'REFUND', 'CLOSED', 'PAYERROR')`,
    ),
    check('wechat_pay_sandbox_trades_total', sql`${t.total} > 0`),
    // Paid exactly when it has a transaction id; never refunded beyond what was paid.
    check(
      'wechat_pay_sandbox_trades_paid',
      sql`(${t.tradeState} IN ('SUCCESS', 'REFUND')) = (${t.transactionId} IS NOT NULL AND ${t.successTime} IS NOT NULL)`,
    ),
    check(
      'wechat_pay_sandbox_trades_refunded',
      sql`${t.refunded} >= 0 AND ${t.refunded} <= ${t.total}`,
    ),
  ],
);

export const wechatPaySandboxRefunds = pgTable(
  'wechat_pay_sandbox_refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mchid: varchar('mchid', { length: 32 }).notNull(),
    outTradeNo: varchar('out_trade_no', { length: 32 }).notNull(),
    outRefundNo: varchar('out_refund_no', { length: 64 }).notNull(),
    refundId: varchar('refund_id', { length: 32 }).notNull().unique(),
    refund: integer('refund').notNull(),
    reason: varchar('reason', { length: 80 }),
    notifyUrl: text('notify_url'),
    status: varchar('status', { length: 16 }).notNull().default('PROCESSING'),
    successTime: timestamp('success_time', { withTimezone: true }),
    notifyAttempts: integer('notify_attempts').notNull().default(0),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('wechat_pay_sandbox_refunds_out_refund_no').on(t.mchid, t.outRefundNo),
    index('wechat_pay_sandbox_refunds_trade_idx').on(t.mchid, t.outTradeNo),
    check('wechat_pay_sandbox_refunds_amount', sql`${t.refund} > 0`),
    check(
      'wechat_pay_sandbox_refunds_status',
      sql`${t.status} IN ('PROCESSING', 'SUCCESS', 'CLOSED', 'ABNORMAL')`,
    ),
    check(
      'wechat_pay_sandbox_refunds_success',
      sql`(${t.status} = 'SUCCESS') = (${t.successTime} IS NOT NULL)`,
    ),
  ],
);
