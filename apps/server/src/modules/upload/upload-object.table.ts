import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { allUploadDirTypes } from '@pcb/contract';

/**
 * Every object key an upload ticket was issued for, and to whom (a member, or a staff member for
 * the console's uploads): a key handed back later (an identity document, an order file, an
 * engineering question's image) must be one of the caller's own.
 */
export const uploadObject = pgTable(
  'upload_object',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: varchar('key', { length: 512 }).notNull().unique(),
    memberId: integer('member_id'),
    staffId: integer('staff_id'),
    dirType: text('dir_type', { enum: allUploadDirTypes }).notNull(),
    maxBytes: integer('max_bytes').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** When the ticket's policy expires; the object may still arrive until then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('upload_object_member_idx').on(t.memberId, t.dirType),
    check('upload_object_owner_ck', sql`num_nonnulls(${t.memberId}, ${t.staffId}) = 1`),
  ],
);

export type UploadObjectRow = typeof uploadObject.$inferSelect;
