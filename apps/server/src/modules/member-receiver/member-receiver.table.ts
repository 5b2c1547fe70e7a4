import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { RECEIVER_LIMIT } from '@pcb/contract';

/**
 * A member's shipping address (MemberReceiver). The region's names are the server's own, from
 * the code (region module); at most one default per member, held by the partial unique index.
 */
export const memberReceiver = pgTable(
  'member_receiver',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The owner (no foreign key across modules). */
    memberId: integer('member_id').notNull(),
    receiverName: varchar('receiver_name', { length: 30 }).notNull(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    /** GB/T 2260 county-level code: 6 digits, 9 for a town of a city without counties. */
    regionCode: varchar('region_code', { length: 9 }).notNull(),
    province: varchar('province', { length: 30 }).notNull(),
    city: varchar('city', { length: 30 }).notNull(),
    county: varchar('county', { length: 60 }).notNull(),
    address: varchar('address', { length: 120 }).notNull(),
    postcode: varchar('postcode', { length: 6 }),
    company: varchar('company', { length: 60 }),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Set on create and on every edit: "the most recent" when no default is left. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('member_receiver_default_uq')
      .on(t.memberId)
      .where(sql`${t.isDefault}`),
    index('member_receiver_member_idx').on(t.memberId, t.updatedAt),
    check('member_receiver_mobile_ck', sql`${t.mobile} ~ '^1[0-9]{10}$'`),
    check('member_receiver_region_code_ck', sql`${t.regionCode} ~ '^[0-9]{6}([0-9]{3})?$'`),
    check('member_receiver_postcode_ck', sql`${t.postcode} ~ '^[0-9]{6}$'`),
  ],
);

export type ReceiverRow = typeof memberReceiver.$inferSelect;

/**
 * How many addresses each member keeps: the slot is reserved by a conditional upsert before
 * the insert, and the row is the per-member lock every change of defaults takes first.
 */
export const memberReceiverCount = pgTable(
  'member_receiver_count',
  {
    memberId: integer('member_id').primaryKey(),
    count: integer('count').notNull(),
  },
  (t) => [
    check(
      'member_receiver_count_range_ck',
      sql`${t.count} >= 0 AND ${t.count} <= ${sql.raw(String(RECEIVER_LIMIT))}`,
    ),
  ],
);
