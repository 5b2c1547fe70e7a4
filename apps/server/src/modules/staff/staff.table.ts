import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { staffRoles } from '@pcb/contract';
import { staffStatuses } from '@pcb/contract/staff-common';

/** A console user (员工). Disabled, never deleted: the audit log names them. */
export const staffAccount = pgTable(
  'staff_account',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userName: varchar('user_name', { length: 32 }).notNull().unique(),
    realName: varchar('real_name', { length: 32 }).notNull(),
    roles: text('roles', { enum: staffRoles }).array().notNull(),
    status: text('status', { enum: staffStatuses }).notNull().default('active'),
    /** argon2id, as members' (lib/password.ts). */
    passwordHash: text('password_hash').notNull(),
    /** The TOTP secret sealed with a key derived from the server secret (AES-256-GCM). */
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** The last 30-second step a code was accepted for: a code works once (replay refused). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('staff_account_roles_check', sql`cardinality(${t.roles}) > 0`)],
);

export type StaffAccountRow = typeof staffAccount.$inferSelect;

/**
 * One console login. The cookie holds a random id; only its SHA-256 is stored, so a read of
 * this table gives no session. Ends on logout, idle time-out, absolute limit, disable, reset.
 */
export const staffSession = pgTable(
  'staff_session',
  {
    key: varchar('key', { length: 64 }).primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccount.id, { onDelete: 'cascade' }),
    csrfToken: varchar('csrf_token', { length: 64 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('staff_session_staff_idx').on(t.staffId)],
);
