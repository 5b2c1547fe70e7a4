import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { messageCategories } from '@pcb/contract';

export const MESSAGE_TITLE_MAX = 100;
export const MESSAGE_CONTENT_MAX = 2000;
export const MESSAGE_LINK_MAX = 300;

/**
 * A site message (站内消息) to one member. Written only by the server, in the transaction of
 * the event it tells of; the member only reads it and marks it read (`read_at` is the first
 * time). Counts are never stored: they are counted from these rows, so they cannot drift.
 */
export const memberMessage = pgTable(
  'member_message',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id').notNull(),
    category: text('category', { enum: messageCategories }).notNull(),
    title: varchar('title', { length: MESSAGE_TITLE_MAX }).notNull(),
    content: varchar('content', { length: MESSAGE_CONTENT_MAX }).notNull(),
    link: varchar('link', { length: MESSAGE_LINK_MAX }),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // The list, newest first (read backwards), with or without a category.
    index('member_message_member_idx').on(t.memberId, t.createdAt, t.id),
    index('member_message_category_idx').on(t.memberId, t.category, t.createdAt, t.id),
    // Unread counts: only unread rows are in it, so a member's count is one short range of
    // this index however many read messages they keep (decision 0043).
    index('member_message_unread_idx')
      .on(t.memberId, t.category)
      .where(sql`NOT ${t.isRead}`),
    check(
      'member_message_category_ck',
      sql`${t.category} IN (${sql.raw(messageCategories.map((c) => `'${c}'`).join(', '))})`,
    ),
    check('member_message_title_ck', sql`btrim(${t.title}) <> ''`),
    check('member_message_link_ck', sql`${t.link} IS NULL OR ${t.link} LIKE '/%'`),
    check('member_message_read_ck', sql`${t.isRead} = (${t.readAt} IS NOT NULL)`),
  ],
);

export type MemberMessageRow = typeof memberMessage.$inferSelect;
export type NewMemberMessage = typeof memberMessage.$inferInsert;
