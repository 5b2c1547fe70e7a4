import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** A salesperson members are assigned to (客户经理). Deactivated, never deleted. */
export const accountManager = pgTable(
  'account_manager',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    realName: varchar('real_name', { length: 32 }).notNull(),
    mobile: varchar('mobile', { length: 20 }).notNull().unique(),
    qq: varchar('qq', { length: 20 }).notNull(),
    pic: varchar('pic', { length: 255 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * The manager's staff account (role sales): who may be assigned members. No foreign key
     * across modules; staff accounts are disabled, never deleted.
     */
    staffId: integer('staff_id').unique(),
    /**
     * How many members have this manager: kept by triggers on `member` in the statement that
     * assigns, moves or removes a member (migration 0029), so registration picks the manager
     * with the fewest members by reading this table alone (decision 0076). Never written by the
     * app.
     */
    memberCount: integer('member_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('account_manager_member_count_ck', sql`${t.memberCount} >= 0`)],
);

export type AccountManagerRow = typeof accountManager.$inferSelect;
