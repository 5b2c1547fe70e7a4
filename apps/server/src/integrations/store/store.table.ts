import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Short-lived values (SMS codes, captcha replay records, counters) when Redis is not used. */
export const ephemeral = pgTable(
  'ephemeral_store',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ephemeral_store_expires_idx').on(t.expiresAt)],
);
