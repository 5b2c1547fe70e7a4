import { bigint, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** First visit of a browser (CKInfo/Add), for marketing attribution. */
export const visit = pgTable('visit', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /** 32 lowercase hex digits (format N), whatever format the client sent. */
  guid: varchar('guid', { length: 32 }).notNull().unique(),
  firstHref: text('first_href').notNull(),
  bdVid: varchar('bd_vid', { length: 256 }),
  from: varchar('from', { length: 64 }),
  userAgent: varchar('user_agent', { length: 1024 }),
  ip: varchar('ip', { length: 64 }),
  /** The member when the visitor was logged in; no foreign key, analytics outlive members. */
  memberId: integer('member_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});
