import { and, desc, eq, sql } from 'drizzle-orm';
import type { PriceSheet } from '@pcb/pricing';
import type { Db, Executor, Tx } from '../../db/client';
import { pagedList, type PageRequest } from '../../db/paged-list';
import { priceSheet, type PriceSheetRow } from './price-sheet.table';

/**
 * Publishes `sheet` as the next version when no sheet is published (a new database): two
 * processes starting together insert it once (the one-published index).
 */
export async function publishIfNone(ex: Executor, sheet: PriceSheet, at: Date): Promise<void> {
  await ex.execute(sql`
    INSERT INTO price_sheet (version, name, status, sheet, note, created_at, updated_at, published_at)
    SELECT v, ${sheet.name}, 'published',
           jsonb_set(${JSON.stringify(sheet)}::jsonb, '{version}', to_jsonb(v)),
           '初始价格表', ${at}, ${at}, ${at}
    FROM (SELECT COALESCE(MAX(version), 0) + 1 AS v FROM price_sheet) n
    WHERE NOT EXISTS (SELECT 1 FROM price_sheet WHERE status = 'published')
    ON CONFLICT DO NOTHING`);
}

export function createPriceSheetRepository(db: Db) {
  return {
    async findPublished(ex: Executor = db): Promise<PriceSheetRow | undefined> {
      const [row] = await ex.select().from(priceSheet).where(eq(priceSheet.status, 'published'));
      return row;
    },

    /** The published version alone: what the cache checks (an index-only lookup). */
    async publishedVersion(): Promise<number | null> {
      const [row] = await db
        .select({ version: priceSheet.version })
        .from(priceSheet)
        .where(eq(priceSheet.status, 'published'));
      return row?.version ?? null;
    },

    publishIfNone: (sheet: PriceSheet, at: Date) => publishIfNone(db, sheet, at),

    /** Drafts first, then by version, newest first. */
    list: (page: PageRequest) =>
      pagedList(
        db,
        {
          from: priceSheet,
          orderBy: [
            sql`CASE WHEN ${priceSheet.status} = 'draft' THEN 0 ELSE 1 END`,
            desc(priceSheet.version),
            desc(priceSheet.id),
          ],
        },
        page,
      ),

    async find(id: number, ex: Executor = db): Promise<PriceSheetRow | undefined> {
      const [row] = await ex.select().from(priceSheet).where(eq(priceSheet.id, id));
      return row;
    },

    async findDraft(ex: Executor = db): Promise<PriceSheetRow | undefined> {
      const [row] = await ex.select().from(priceSheet).where(eq(priceSheet.status, 'draft'));
      return row;
    },

    /** The new draft, or undefined when another draft exists (the one-draft index). */
    async insertDraft(
      tx: Tx,
      values: { name: string; sheet: PriceSheet; basedOnVersion: number; createdBy: number },
      at: Date,
    ): Promise<PriceSheetRow | undefined> {
      const [row] = await tx
        .insert(priceSheet)
        .values({ ...values, status: 'draft', createdAt: at, updatedAt: at })
        .onConflictDoNothing()
        .returning();
      return row;
    },

    /** Undefined when `id` is no draft (published meanwhile, deleted, or never a draft). */
    async updateDraft(
      tx: Tx,
      id: number,
      values: { sheet: PriceSheet; name: string; note: string | null },
      at: Date,
    ): Promise<PriceSheetRow | undefined> {
      const [row] = await tx
        .update(priceSheet)
        .set({ ...values, updatedAt: at })
        .where(and(eq(priceSheet.id, id), eq(priceSheet.status, 'draft')))
        .returning();
      return row;
    },

    async deleteDraft(tx: Tx, id: number): Promise<PriceSheetRow | undefined> {
      const [row] = await tx
        .delete(priceSheet)
        .where(and(eq(priceSheet.id, id), eq(priceSheet.status, 'draft')))
        .returning();
      return row;
    },

    /**
     * Retires the published sheet if it is still `expected`; the row lock makes a concurrent
     * publication wait, then find it retired. Undefined when another version is current.
     */
    async retire(tx: Tx, expected: number, at: Date): Promise<PriceSheetRow | undefined> {
      const [row] = await tx
        .update(priceSheet)
        .set({ status: 'retired', updatedAt: at })
        .where(and(eq(priceSheet.status, 'published'), eq(priceSheet.version, expected)))
        .returning();
      return row;
    },

    /** The draft becomes `version`, its JSON carrying the same number. */
    async publishDraft(
      tx: Tx,
      id: number,
      version: number,
      staffId: number,
      at: Date,
    ): Promise<PriceSheetRow | undefined> {
      const [row] = await tx
        .update(priceSheet)
        .set({
          status: 'published',
          version,
          sheet: sql`jsonb_set(${priceSheet.sheet}, '{version}', to_jsonb(${version}::int))`,
          publishedBy: staffId,
          publishedAt: at,
          updatedAt: at,
        })
        .where(and(eq(priceSheet.id, id), eq(priceSheet.status, 'draft')))
        .returning();
      return row;
    },
  };
}

export type PriceSheetRepository = ReturnType<typeof createPriceSheetRepository>;
