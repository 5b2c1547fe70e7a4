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
import { newsStates } from '@pcb/contract/staff-news';

export const news = pgTable(
  'news',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: varchar('title', { length: 100 }).notNull(),
    summary: varchar('summary', { length: 300 }).notNull(),
    /** Sanitised HTML: only what news-html.ts allows is ever stored. */
    content: text('content').notNull(),
    isPinned: boolean('is_pinned').notNull().default(false),
    state: text('state', { enum: newsStates }).notNull(),
    /** Set when first published and kept through an unpublish, so a republished article keeps its date. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('news_state_ck', sql`${t.state} IN ('draft', 'published')`),
    check('news_published_at_ck', sql`${t.state} = 'draft' OR ${t.publishedAt} IS NOT NULL`),
    // News/GetList: published rows, pinned first, newest first.
    index('news_published_list_idx')
      .on(
        t.isPinned.desc().nullsFirst(),
        t.publishedAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`${t.state} = 'published'`),
  ],
);

export type NewsRow = typeof news.$inferSelect;
