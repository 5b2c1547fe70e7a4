import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, unique, varchar } from 'drizzle-orm/pg-core';

/**
 * Companies the profile and certification forms suggest as the member types (the embedded
 * company directory; staff add and correct entries). Searched by the letters and letter pairs
 * of the name (member_search_grams of migration 0003, GIN), so a fragment anywhere in the name
 * is found by the index.
 */
export const companyDirectory = pgTable(
  'company_directory',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 100 }).notNull(),
    /** Unified social credit code (GB 32100-2015), checked by the contract's creditCodeSchema. */
    creditCode: varchar('credit_code', { length: 18 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('company_directory_name_uq').on(t.name),
    unique('company_directory_credit_code_uq').on(t.creditCode),
    index('company_directory_name_grams_idx').using('gin', sql`member_search_grams(${t.name})`),
    check('company_directory_credit_code_ck', sql`${t.creditCode} ~ '^[0-9A-HJ-NPQRTUWXY]{18}$'`),
  ],
);

export type CompanyDirectoryRow = typeof companyDirectory.$inferSelect;
