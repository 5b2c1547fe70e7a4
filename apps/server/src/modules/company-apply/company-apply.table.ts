import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { companyApplyStatuses } from '@pcb/contract';

/**
 * A member's enterprise certification (MemberCompanyApply): one row per member, edited while
 * pending, resubmitted after a rejection, final once approved (decision 0025).
 */
export const companyApply = pgTable(
  'member_company_apply',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id').notNull(),
    companyName: varchar('company_name', { length: 128 }).notNull(),
    creditCode: varchar('credit_code', { length: 18 }).notNull(),
    legalPerson: varchar('legal_person', { length: 32 }).notNull(),
    contactName: varchar('contact_name', { length: 32 }).notNull(),
    contactPhone: varchar('contact_phone', { length: 20 }).notNull(),
    /** Object keys of the member's own uploads (upload module), checked when saved. */
    licenseKey: varchar('license_key', { length: 512 }).notNull(),
    letterKey: varchar('letter_key', { length: 512 }).notNull(),
    status: text('status', { enum: companyApplyStatuses }).notNull().default('pending'),
    /** The rejection's reason, shown to the member; null unless rejected. */
    rejectReason: varchar('reject_reason', { length: 200 }),
    /** The staff member who decided (no foreign key across modules). */
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // One application per member: two concurrent first submissions cannot both insert.
    uniqueIndex('member_company_apply_member_uq').on(t.memberId),
    // A company is certified for one member only; a second approval of its code fails here.
    uniqueIndex('member_company_apply_certified_code_uq')
      .on(t.creditCode)
      .where(sql`${t.status} = 'approved'`),
    index('member_company_apply_status_idx').on(t.status, t.updatedAt),
    check(
      'member_company_apply_status_ck',
      sql`${t.status} IN ('pending', 'approved', 'rejected')`,
    ),
    check(
      'member_company_apply_reason_ck',
      sql`(${t.status} = 'rejected') = (${t.rejectReason} IS NOT NULL)`,
    ),
    check(
      'member_company_apply_decided_ck',
      sql`(${t.status} = 'pending') = (${t.decidedAt} IS NULL)`,
    ),
    check(
      'member_company_apply_code_ck',
      sql`${t.creditCode} ~ '^[0-9A-HJ-NPQRTUWXY]{2}[0-9]{6}[0-9A-HJ-NPQRTUWXY]{10}$'`,
    ),
  ],
);

export type CompanyApplyRow = typeof companyApply.$inferSelect;
