import { bigint, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * One row per staff write (and staff login), written in the same transaction as the change.
 * Who did it is kept as it was then (user and real name), so the log reads the same after a
 * rename and needs no other module's table; rows are never updated or deleted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null for a login attempt at an unknown user name. No foreign key: the log outlives. */
    staffId: integer('staff_id'),
    staffUserName: varchar('staff_user_name', { length: 64 }),
    staffRealName: varchar('staff_real_name', { length: 64 }),
    /** `Module.Action`, as the contract names the endpoint. */
    action: varchar('action', { length: 64 }).notNull(),
    objectType: varchar('object_type', { length: 32 }).notNull(),
    objectId: varchar('object_id', { length: 64 }),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: varchar('ip', { length: 64 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_staff_idx').on(t.staffId, t.at),
    index('audit_log_object_idx').on(t.objectType, t.objectId),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
