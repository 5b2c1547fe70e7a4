import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * A member's dedicated bank account for offline transfers (DirectConnection): opened by finance
 * in the console; a transfer to it is credited to that member. An account number is one
 * member's only.
 */
export const virtualAccount = pgTable(
  'virtual_account',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id').notNull(),
    bankName: varchar('bank_name', { length: 64 }).notNull(),
    accountName: varchar('account_name', { length: 128 }).notNull(),
    accountNo: varchar('account_no', { length: 32 }).notNull().unique('virtual_account_no_uq'),
    /** The finance staff member who opened it (no foreign key across modules). */
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('virtual_account_member_idx').on(t.memberId, t.id),
    check('virtual_account_no_ck', sql`${t.accountNo} ~ '^[0-9]{8,32}$'`),
  ],
);

export type VirtualAccountRow = typeof virtualAccount.$inferSelect;
