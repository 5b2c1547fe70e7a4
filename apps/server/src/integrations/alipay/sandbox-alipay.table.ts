import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * What the embedded Alipay sandbox knows (decision 0052); never written in production. In the
 * database, not in a process, so every instance of the server plays the same Alipay.
 */

/** The sandbox's two RSA key pairs: the merchant's (our adapter signs) and "Alipay's". */
export const alipaySandboxKey = pgTable(
  'alipay_sandbox_key',
  {
    name: varchar('name', { length: 16 }).primaryKey(),
    privateKey: text('private_key').notNull(),
    publicKey: text('public_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('alipay_sandbox_key_name_ck', sql`${t.name} IN ('merchant', 'alipay')`)],
);

export const ALIPAY_SANDBOX_TRADE_STATUSES = [
  'WAIT_BUYER_PAY',
  'TRADE_SUCCESS',
  'TRADE_CLOSED',
] as const;
export type AlipaySandboxTradeStatus = (typeof ALIPAY_SANDBOX_TRADE_STATUSES)[number];

export const alipaySandboxTrade = pgTable(
  'alipay_sandbox_trade',
  {
    tradeNo: varchar('trade_no', { length: 64 }).primaryKey(),
    appId: varchar('app_id', { length: 32 }).notNull(),
    outTradeNo: varchar('out_trade_no', { length: 64 }).notNull(),
    subject: varchar('subject', { length: 256 }).notNull(),
    totalFen: bigint('total_fen', { mode: 'number' }).notNull(),
    refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
    status: varchar('status', { length: 16 }).$type<AlipaySandboxTradeStatus>().notNull(),
    notifyUrl: text('notify_url'),
    returnUrl: text('return_url'),
    quitUrl: text('quit_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alipay_sandbox_trade_out_trade_no_uq').on(t.appId, t.outTradeNo),
    check(
      'alipay_sandbox_trade_status_ck',
      sql`${t.status} IN ('WAIT_BUYER_PAY', 'TRADE_SUCCESS', 'TRADE_CLOSED')`,
    ),
    // As Alipay: never more refunded than paid, and only a paid trade has refunds.
    check(
      'alipay_sandbox_trade_amounts_ck',
      sql`${t.totalFen} > 0 AND ${t.refundedFen} >= 0 AND ${t.refundedFen} <= ${t.totalFen}`,
    ),
    check(
      'alipay_sandbox_trade_paid_ck',
      sql`(${t.status} = 'TRADE_SUCCESS') <= (${t.paidAt} IS NOT NULL) AND (${t.refundedFen} = 0 OR ${t.paidAt} IS NOT NULL)`,
    ),
  ],
);

export const alipaySandboxRefund = pgTable(
  'alipay_sandbox_refund',
  {
    tradeNo: varchar('trade_no', { length: 64 })
      .notNull()
      .references(() => alipaySandboxTrade.tradeNo),
    outRequestNo: varchar('out_request_no', { length: 64 }).notNull(),
    refundFen: bigint('refund_fen', { mode: 'number' }).notNull(),
    reason: varchar('reason', { length: 256 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tradeNo, t.outRequestNo] }),
    check('alipay_sandbox_refund_amount_ck', sql`${t.refundFen} > 0`),
  ],
);
