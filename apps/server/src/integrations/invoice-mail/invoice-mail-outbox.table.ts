import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** What the sandbox InvoiceMail provider "sent"; never written in production. */
export const invoiceMailOutbox = pgTable(
  'invoice_mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: varchar('to_address', { length: 100 }).notNull(),
    subject: varchar('subject', { length: 200 }).notNull(),
    text: text('text').notNull(),
    attachmentName: varchar('attachment_name', { length: 100 }).notNull(),
    attachmentUrl: text('attachment_url').notNull(),
    requestId: integer('request_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('invoice_mail_outbox_request_idx').on(t.requestId, t.id)],
);
