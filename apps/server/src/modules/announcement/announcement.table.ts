import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { announcementTypes } from '@pcb/contract';

export const announcement = pgTable(
  'announcement',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: text('type', { enum: announcementTypes }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    content: text('content').notNull(),
    linkUrl: varchar('link_url', { length: 512 }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Open-ended when null. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('announcement_type_starts_idx').on(t.type, t.startsAt)],
);

export type AnnouncementRow = typeof announcement.$inferSelect;
