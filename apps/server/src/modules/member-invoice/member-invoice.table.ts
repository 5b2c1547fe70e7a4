import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { invoiceTitleTypes, invoiceTypes, MAX_INVOICE_PROFILES } from '@pcb/contract';

/**
 * A member's invoice profile (发票抬头, MemberInvoice). The rules of `invoiceFieldsFor` are
 * checked here too: a person's 普票 is a name, a company's adds its tax number, a 专票 (a
 * company's only) adds address, phone, bank and account — and a profile holds no other field.
 */
export const memberInvoice = pgTable(
  'member_invoice_profile',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id').notNull(),
    invoiceType: text('invoice_type', { enum: invoiceTypes }).notNull(),
    titleType: text('title_type', { enum: invoiceTitleTypes }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    taxNumber: varchar('tax_number', { length: 18 }),
    registeredAddress: varchar('registered_address', { length: 200 }),
    registeredPhone: varchar('registered_phone', { length: 30 }),
    bankName: varchar('bank_name', { length: 100 }),
    bankAccount: varchar('bank_account', { length: 30 }),
    email: varchar('email', { length: 100 }).notNull(),
    mobile: varchar('mobile', { length: 11 }),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // At most one default per member; "at least one while any exist" is kept by the service,
    // whose writes of one member run one at a time (they lock the member's quota row).
    uniqueIndex('member_invoice_profile_default_uq')
      .on(t.memberId)
      .where(sql`${t.isDefault}`),
    index('member_invoice_profile_member_idx').on(t.memberId, t.createdAt),
    check(
      'member_invoice_profile_type_ck',
      sql`${t.invoiceType} IN ('normal', 'special') AND ${t.titleType} IN ('personal', 'company')`,
    ),
    check(
      'member_invoice_profile_special_company_ck',
      sql`${t.invoiceType} = 'normal' OR ${t.titleType} = 'company'`,
    ),
    check(
      'member_invoice_profile_tax_number_ck',
      sql`(${t.titleType} = 'company') = (${t.taxNumber} IS NOT NULL)
        AND ${t.taxNumber} ~ '^[0-9A-HJ-NPQRTUWXY]{18}$'`,
    ),
    check(
      'member_invoice_profile_special_fields_ck',
      sql`num_nonnulls(${t.registeredAddress}, ${t.registeredPhone}, ${t.bankName}, ${t.bankAccount})
        = CASE WHEN ${t.invoiceType} = 'special' THEN 4 ELSE 0 END`,
    ),
    check('member_invoice_profile_title_ck', sql`btrim(${t.title}) <> ''`),
  ],
);

export type MemberInvoiceRow = typeof memberInvoice.$inferSelect;
export type NewMemberInvoice = typeof memberInvoice.$inferInsert;

/**
 * How many profiles a member holds, reserved before an insert by a conditional upsert (never
 * past the cap, also under concurrent calls). Every write to a member's profiles first locks
 * this row, so they run one at a time per member.
 */
export const memberInvoiceQuota = pgTable(
  'member_invoice_quota',
  {
    memberId: integer('member_id').primaryKey(),
    profileCount: integer('profile_count').notNull(),
  },
  (t) => [
    check(
      'member_invoice_quota_count_ck',
      sql`${t.profileCount} BETWEEN 0 AND ${sql.raw(String(MAX_INVOICE_PROFILES))}`,
    ),
  ],
);
