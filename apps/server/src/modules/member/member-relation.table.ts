import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { relationStatuses } from '@pcb/contract';
import { member } from './member.table';

/**
 * A main member's request to act in another member's account, and that member's answer. Only an
 * approved relation lets the main member switch (decision 0009).
 */
export const memberRelation = pgTable(
  'member_relation',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mainMemberId: integer('main_member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    relatedMemberId: integer('related_member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    status: text('status', { enum: relationStatuses }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    unique('member_relation_pair_uq').on(t.mainMemberId, t.relatedMemberId),
    index('member_relation_related_idx').on(t.relatedMemberId),
    check('member_relation_not_self', sql`${t.mainMemberId} <> ${t.relatedMemberId}`),
  ],
);

export type MemberRelationRow = typeof memberRelation.$inferSelect;
