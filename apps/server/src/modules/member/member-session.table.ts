import { index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { member } from './member.table';

/**
 * One row per login on a device (claim `sid` of every token issued in it). Logout revokes this
 * device's row; "log out all devices" bumps the member's token version and revokes them all.
 */
export const memberSession = pgTable(
  'member_session',
  {
    id: uuid('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('member_session_member_idx').on(t.memberId)],
);
