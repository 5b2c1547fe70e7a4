import { index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** What the sandbox SMS provider "sent"; never written in production. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    kind: varchar('kind', { length: 32 }).notNull(),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    text: text('text').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sms_outbox_mobile_idx').on(t.mobile, t.id)],
);
