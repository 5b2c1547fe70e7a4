import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { uploadDirTypes } from '@pcb/contract';

/**
 * Every object key an upload ticket was issued for, and to whom: a key handed back later (an
 * identity document, an order file) must be one of the caller's own.
 */
export const uploadObject = pgTable(
  'upload_object',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: varchar('key', { length: 512 }).notNull().unique(),
    memberId: integer('member_id').notNull(),
    dirType: text('dir_type', { enum: uploadDirTypes }).notNull(),
    maxBytes: integer('max_bytes').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** When the ticket's policy expires; the object may still arrive until then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('upload_object_member_idx').on(t.memberId, t.dirType)],
);

export type UploadObjectRow = typeof uploadObject.$inferSelect;
