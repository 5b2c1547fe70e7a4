import { boolean, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** A salesperson members are assigned to (客户经理). Deactivated, never deleted. */
export const accountManager = pgTable('account_manager', {
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
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type AccountManagerRow = typeof accountManager.$inferSelect;
