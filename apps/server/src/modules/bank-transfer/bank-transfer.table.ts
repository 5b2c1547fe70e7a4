import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * A bank transfer received (decision 0055): one line of the bank's statement, recorded by hand
 * or imported. `(account_no, bank_reference)` is the line's identity and unique, so a line is
 * recorded once however often its statement is imported, also by parallel imports (the second
 * insert waits for the first and then finds it). It is credited in the transaction that matched
 * it (`unmatched` → `credited`, the ledger's `bankTransfer:<id>` posted beside it), and the
 * database keeps it so (hand-written SQL at the end of the migration):
 *
 * - `bank_transfer_guard`: no DELETE or TRUNCATE; a credited row never changes; the line's own
 *   facts (account, reference, amount, date, payer, source, who recorded it) never change;
 * - `bank_transfer_credited` (deferred to commit): a row is credited only with its ledger
 *   transaction `bankTransfer:<id>` of the same amount into that member's balance.
 */
export const bankTransfer = pgTable(
  'bank_transfer',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** 收款账号: the account the money went to (a member's virtual account when it matches). */
    accountNo: varchar('account_no', { length: 32 }).notNull(),
    /** 流水号, in capitals. */
    bankReference: varchar('bank_reference', { length: 64 }).notNull(),
    /** Fen. */
    amount: integer('amount').notNull(),
    payerName: varchar('payer_name', { length: 100 }),
    payerAccount: varchar('payer_account', { length: 40 }),
    /** 交易日期 as the bank states it. */
    valueDate: date('value_date', { mode: 'string' }).notNull(),
    /** 摘要, or the note typed with a recorded transfer. */
    note: varchar('note', { length: 200 }),
    source: text('source', { enum: ['manual', 'import'] }).notNull(),
    state: text('state', { enum: ['unmatched', 'credited'] }).notNull(),
    unmatchedReason: varchar('unmatched_reason', { length: 100 }),
    /** The member credited (no foreign key across modules). */
    memberId: integer('member_id'),
    matchedBy: text('matched_by', { enum: ['account', 'staff'] }),
    assignedBy: integer('assigned_by'),
    assignReason: varchar('assign_reason', { length: 200 }),
    /** A recorded transfer's request id: its retry answers the first answer. */
    requestId: varchar('request_id', { length: 36 }),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bank_transfer_line_uq').on(t.accountNo, t.bankReference),
    uniqueIndex('bank_transfer_request_uq').on(t.requestId),
    // The list, newest first, by state and by member.
    index('bank_transfer_list_idx').on(t.valueDate, t.id),
    index('bank_transfer_state_idx').on(t.state, t.valueDate, t.id),
    index('bank_transfer_member_idx').on(t.memberId, t.valueDate, t.id),
    index('bank_transfer_reference_idx').on(t.bankReference),
    check('bank_transfer_amount_ck', sql`${t.amount} > 0 AND ${t.amount} <= 1000000000`),
    check('bank_transfer_source_ck', sql`${t.source} IN ('manual', 'import')`),
    check(
      'bank_transfer_state_ck',
      sql`CASE ${t.state}
        WHEN 'credited' THEN ${t.memberId} IS NOT NULL AND ${t.matchedBy} IS NOT NULL
          AND ${t.creditedAt} IS NOT NULL AND ${t.unmatchedReason} IS NULL
        WHEN 'unmatched' THEN ${t.memberId} IS NULL AND ${t.matchedBy} IS NULL
          AND ${t.creditedAt} IS NULL AND ${t.assignedBy} IS NULL
        ELSE false
      END`,
    ),
    check(
      'bank_transfer_assign_ck',
      sql`(${t.matchedBy} = 'staff') = (${t.assignedBy} IS NOT NULL AND ${t.assignReason} IS NOT NULL)`,
    ),
    check('bank_transfer_reference_ck', sql`${t.bankReference} ~ '^[A-Z0-9-]{4,64}$'`),
    check('bank_transfer_account_ck', sql`${t.accountNo} ~ '^[0-9]{8,32}$'`),
  ],
);

export type BankTransferRow = typeof bankTransfer.$inferSelect;
