import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { priceSheetStatuses } from '@pcb/contract';
import type { PriceSheet } from '@pcb/pricing';

/**
 * Price sheets (decision 0028): at most one published and one draft (partial unique indexes);
 * a publication retires the previous sheet and gives the draft the next version. The sheet's
 * own `version` always equals the row's (null while a draft: the JSON then holds the version
 * it was copied from until published).
 */
export const priceSheet = pgTable(
  'price_sheet',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    version: integer('version').unique(),
    name: varchar('name', { length: 60 }).notNull(),
    status: text('status', { enum: priceSheetStatuses }).notNull(),
    sheet: jsonb('sheet').$type<PriceSheet>().notNull(),
    basedOnVersion: integer('based_on_version'),
    note: varchar('note', { length: 200 }),
    /** Staff ids (no foreign key across modules); null for the sheet the server seeded. */
    createdBy: integer('created_by'),
    publishedBy: integer('published_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('price_sheet_one_published_uq')
      .on(t.status)
      .where(sql`${t.status} = 'published'`),
    uniqueIndex('price_sheet_one_draft_uq')
      .on(t.status)
      .where(sql`${t.status} = 'draft'`),
    index('price_sheet_list_idx').on(t.updatedAt),
    check('price_sheet_status_ck', sql`${t.status} IN ('draft', 'published', 'retired')`),
    check(
      'price_sheet_version_ck',
      sql`(${t.status} = 'draft') = (${t.version} IS NULL) AND (${t.version} IS NULL OR ${t.version} >= 1)`,
    ),
    check('price_sheet_published_ck', sql`(${t.status} = 'draft') = (${t.publishedAt} IS NULL)`),
  ],
);

export type PriceSheetRow = typeof priceSheet.$inferSelect;
