import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { contactUserTypes, MAX_CONTACTS } from '@pcb/contract';

/**
 * A member's order contact (MemberContact): who the factory calls about purchasing,
 * engineering questions or payment. One main contact per member and type, held by the
 * partial unique index; "at least one while any exist" by the owned list's writes, which
 * hold the member's count row (decision 0041).
 */
export const memberContact = pgTable(
  'member_contact',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The member (no foreign key across modules, as elsewhere). */
    memberId: integer('member_id').notNull(),
    userType: text('user_type', { enum: contactUserTypes }).notNull(),
    contactName: varchar('contact_name', { length: 32 }).notNull(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    email: varchar('email', { length: 100 }),
    qq: varchar('qq', { length: 11 }),
    wechat: varchar('wechat', { length: 20 }),
    isMain: boolean('is_main').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // Never two main contacts of one type, also under concurrent calls.
    uniqueIndex('member_contact_main_uq')
      .on(t.memberId, t.userType)
      .where(sql`${t.isMain}`),
    index('member_contact_member_idx').on(t.memberId, t.userType, t.id),
    check(
      'member_contact_user_type_ck',
      sql`${t.userType} IN ('purchasing', 'engineering', 'finance')`,
    ),
    check('member_contact_mobile_ck', sql`${t.mobile} ~ '^1[0-9]{10}$'`),
  ],
);

export type MemberContactRow = typeof memberContact.$inferSelect;

/**
 * How many contacts each member keeps (at most MAX_CONTACTS): a slot is reserved by a
 * conditional update before the insert, and the row is the member's lock every write of their
 * contacts takes first. Made on a member's first write from the contacts they hold.
 */
export const memberContactCount = pgTable(
  'member_contact_count',
  {
    memberId: integer('member_id').primaryKey(),
    count: integer('count').notNull(),
  },
  (t) => [
    check(
      'member_contact_count_range_ck',
      sql`${t.count} >= 0 AND ${t.count} <= ${sql.raw(String(MAX_CONTACTS))}`,
    ),
  ],
);
