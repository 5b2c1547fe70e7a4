import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The kinds of account of the double-entry ledger (decision 0051). Every movement of money is
 * one transaction whose entries sum to zero: money leaves one account and reaches another.
 *
 * - `memberBalance` (余额), `memberGift` (赠送金额), `memberHold` (balance held for an online
 *   payment under way): one each per member, never below zero;
 * - `order`: what has been paid towards one order, never below zero — its total while the
 *   order is paid, zero before and after a refund;
 * - `providerClearing` (one per channel): the provider's side; negative by what came in
 *   through it and has not gone back;
 * - `refundPending` (one per channel): refunds asked of the provider, not yet confirmed;
 * - `bank`: offline transfers (对公转账) received; `adjustment`: finance's corrections and the
 *   opening balances;
 * - `memberCredit` (月结, decision 0059): the member's available credit, never below zero —
 *   the granted limit less what credit payments used and repayments have not yet given back,
 *   so the used amount never exceeds the limit; `credit`: where granted limits come from.
 * - `coupon`: what coupons took off orders (decision 0061), negative by the deductions in force.
 */
export const ledgerAccountKinds = [
  'memberBalance',
  'memberGift',
  'memberHold',
  'order',
  'providerClearing',
  'refundPending',
  'bank',
  'adjustment',
  'memberCredit',
  'credit',
  'coupon',
] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * One account with its running balance. The balance moves only with a ledger entry (the
 * database's trigger `ledger_entry_apply` adds each entry to it in the entry's statement and
 * `ledger_account_guard` refuses any other change), so it always equals the sum of its entries
 * and its CHECK holds at every statement. `key` names it: `mb:12`, `mg:12`, `mh:12`,
 * `order:34`, `clearing:alipay`, `refund:wechat`, `bank`, `adjustment`.
 */
export const ledgerAccount = pgTable(
  'ledger_account',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: varchar('key', { length: 40 }).notNull(),
    kind: text('kind', { enum: ledgerAccountKinds }).notNull(),
    memberId: integer('member_id'),
    orderId: integer('order_id'),
    channel: varchar('channel', { length: 10 }),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_account_key_uq').on(t.key),
    index('ledger_account_member_idx').on(t.memberId),
    check('ledger_account_kind_ck', sql`${t.kind} IN (${inList(ledgerAccountKinds)})`),
    check(
      'ledger_account_owner_ck',
      sql`CASE
        WHEN ${t.kind} IN ('memberBalance', 'memberGift', 'memberHold', 'memberCredit')
          THEN ${t.memberId} IS NOT NULL AND ${t.orderId} IS NULL AND ${t.channel} IS NULL
        WHEN ${t.kind} = 'order'
          THEN ${t.memberId} IS NOT NULL AND ${t.orderId} IS NOT NULL AND ${t.channel} IS NULL
        WHEN ${t.kind} IN ('providerClearing', 'refundPending')
          THEN ${t.memberId} IS NULL AND ${t.orderId} IS NULL AND ${t.channel} IN ('alipay', 'wechat')
        ELSE ${t.memberId} IS NULL AND ${t.orderId} IS NULL AND ${t.channel} IS NULL
      END`,
    ),
    // Money a member or an order holds is never negative; what came in from outside is.
    check(
      'ledger_account_balance_ck',
      sql`CASE
        WHEN ${t.kind} IN ('memberBalance', 'memberGift', 'memberHold', 'order', 'refundPending', 'memberCredit')
          THEN ${t.balance} >= 0
        WHEN ${t.kind} IN ('providerClearing', 'bank', 'credit', 'coupon') THEN ${t.balance} <= 0
        ELSE true
      END`,
    ),
    // member.balance (an integer) mirrors the balance account.
    check(
      'ledger_account_balance_int_ck',
      sql`${t.kind} <> 'memberBalance' OR ${t.balance} <= 2147483647`,
    ),
  ],
);
export type LedgerAccountRow = typeof ledgerAccount.$inferSelect;

/**
 * What one transaction records (its log type follows from it): `recharge` a top-up received,
 * `receipt` an order's online part received, `duplicate` an online payment received for an
 * order paid another way or cancelled (refunded), `orderPay` an order's other parts (balance,
 * gift balance, the held balance, an offline transfer), `hold` / `release` balance held for an
 * online payment and given back, `orderRefund` a cancelled order's money returned,
 * `refundSent` / `refundFailed` a provider refund confirmed or failed (then to the balance),
 * `duplicateRefunded` a duplicate's refund confirmed, `adjustment`, `opening`; `creditGrant` a
 * credit limit granted, `creditRepay` a credit bill repaid (decisions 0059, 0060).
 */
export const ledgerTxnKinds = [
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
export type LedgerTxnKind = (typeof ledgerTxnKinds)[number];

/**
 * One movement of money. `ref` is the event's own key, unique: `receipt:alipay:<outTradeNo>`
 * (a provider payment is credited at most once, whatever it then pays), `orderPay:<orderId>`,
 * `orderRefund:<orderId>` (an order refunded at most once), `hold:<attemptId>`, … Append-only:
 * a trigger refuses UPDATE, DELETE and TRUNCATE.
 */
export const ledgerTxn = pgTable(
  'ledger_txn',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ledgerTxnKinds }).notNull(),
    ref: varchar('ref', { length: 100 }).notNull(),
    /** Whose money event it is (the log it shows in); null for none. */
    memberId: integer('member_id'),
    orderId: integer('order_id'),
    /** The order's number, kept for the logs (order numbers never change). */
    orderNo: varchar('order_no', { length: 20 }),
    attemptId: integer('attempt_id'),
    note: varchar('note', { length: 200 }),
    /** The staff member who adjusted, for `adjustment`. */
    staffId: integer('staff_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ledger_txn_ref_uq').on(t.ref),
    // The member's money log (GetLogs): its page, its count by kind and its deep pages' keys
    // from the index alone (decision 0058: 1,876 transactions counted in 7 ms from the table).
    index('ledger_txn_member_log_idx').on(t.memberId, t.createdAt, t.id, t.kind),
    index('ledger_txn_order_idx').on(t.orderId),
    check('ledger_txn_kind_ck', sql`${t.kind} IN (${inList(ledgerTxnKinds)})`),
  ],
);
export type LedgerTxnRow = typeof ledgerTxn.$inferSelect;

/**
 * One leg of a transaction: `amount` fen into the account (negative: out of it). The entries of
 * a transaction sum to zero (deferred constraint triggers check it at commit); `balance_after`
 * is the account's balance once this entry applied, written by the trigger that applies it.
 * Append-only like the transactions.
 */
export const ledgerEntry = pgTable(
  'ledger_entry',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    txnId: bigint('txn_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTxn.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccount.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('ledger_entry_txn_idx').on(t.txnId),
    // An account's log, newest first.
    index('ledger_entry_account_idx').on(t.accountId, t.createdAt, t.id),
    check('ledger_entry_amount_ck', sql`${t.amount} <> 0`),
  ],
);
export type LedgerEntryRow = typeof ledgerEntry.$inferSelect;
