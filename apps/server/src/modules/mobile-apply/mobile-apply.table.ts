import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { mobileApplyStatuses } from '@pcb/contract';

/**
 * A request to change the mobile by hand when the old number is lost (MemberUpMobileApply):
 * the new number was proven by a code, the identity document waits for staff review.
 */
export const mobileApply = pgTable(
  'member_mobile_apply',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id').notNull(),
    oldMobile: varchar('old_mobile', { length: 11 }).notNull(),
    newMobile: varchar('new_mobile', { length: 11 }).notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    idDocumentKey: varchar('id_document_key', { length: 512 }).notNull(),
    status: text('status', { enum: mobileApplyStatuses }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The rejection's reason, shown to the member. */
    decisionNote: varchar('decision_note', { length: 500 }),
    /** The staff member who decided (no foreign key across modules). */
    decidedBy: integer('decided_by'),
  },
  (t) => [
    // One application waiting for staff per member; a concurrent second insert fails here.
    uniqueIndex('member_mobile_apply_pending_uq')
      .on(t.memberId)
      .where(sql`${t.status} = 'pending'`),
    index('member_mobile_apply_member_idx').on(t.memberId, t.createdAt),
    index('member_mobile_apply_status_idx').on(t.status, t.createdAt),
  ],
);

export type MobileApplyRow = typeof mobileApply.$inferSelect;
