import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { CompanySuggestion } from '@pcb/contract';
import type { Db, Tx } from '../../db/client';
import { pagedList, type PageRequest } from '../../db/paged-list';
import { isUniqueViolation } from '../../db/errors';
import { searchGrams } from '../../lib/search-grams';
import { companyDirectory, type CompanyDirectoryRow } from './company-directory.table';

const nameHolds = (fragment: string): SQL => {
  const text = fragment.toLowerCase();
  const grams = sql.join(
    searchGrams(text).map((g) => sql`${g}`),
    sql`, `,
  );
  // The GIN index finds names holding every pair; strpos keeps those holding them in order.
  return sql`member_search_grams(${companyDirectory.name}) @> ARRAY[${grams}]::text[] AND strpos(lower(${companyDirectory.name}), ${text}) > 0`;
};

export type DirectoryWrite = 'nameTaken' | 'creditCodeTaken';

/** Which unique key refused a write (PostgreSQL names the constraint, maybe under `cause`). */
function conflictOf(error: unknown): DirectoryWrite | null {
  if (!isUniqueViolation(error)) return null;
  for (let e: unknown = error, depth = 0; e && depth < 3; depth++) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (constraint === 'company_directory_credit_code_uq') return 'creditCodeTaken';
    if (constraint === 'company_directory_name_uq') return 'nameTaken';
    e = (e as { cause?: unknown }).cause;
  }
  return 'nameTaken';
}

export function createCompanyDirectoryRepository(db: Db) {
  return {
    /** Names holding the fragment, those starting with it first, then the shortest. */
    async search(fragment: string, limit: number): Promise<CompanySuggestion[]> {
      return db
        .select({ name: companyDirectory.name, creditCode: companyDirectory.creditCode })
        .from(companyDirectory)
        .where(nameHolds(fragment))
        .orderBy(
          sql`strpos(lower(${companyDirectory.name}), ${fragment.toLowerCase()}) = 1 DESC`,
          sql`char_length(${companyDirectory.name})`,
          asc(companyDirectory.name),
        )
        .limit(limit);
    },

    /** The staff list: by a name fragment or a credit code prefix, newest first. */
    async list(keyword: string | undefined, page: PageRequest) {
      const where = keyword
        ? or(
            sql`(${nameHolds(keyword)})`,
            sql`${companyDirectory.creditCode} LIKE ${`${keyword.toUpperCase().replace(/[%_\\]/g, '')}%`}`,
          )
        : undefined;
      return pagedList(
        db,
        { from: companyDirectory, where, orderBy: [desc(companyDirectory.id)] },
        page,
      );
    },

    async lock(tx: Tx, id: number): Promise<CompanyDirectoryRow | undefined> {
      const [row] = await tx
        .select()
        .from(companyDirectory)
        .where(eq(companyDirectory.id, id))
        .for('update');
      return row;
    },

    async insert(
      tx: Tx,
      values: { name: string; creditCode: string; at: Date },
    ): Promise<CompanyDirectoryRow | DirectoryWrite> {
      try {
        // A savepoint: a refused insert leaves the route's transaction usable.
        return await tx.transaction(async (sp) => {
          const [row] = await sp
            .insert(companyDirectory)
            .values({
              name: values.name,
              creditCode: values.creditCode,
              createdAt: values.at,
              updatedAt: values.at,
            })
            .returning();
          return row!;
        });
      } catch (error) {
        const conflict = conflictOf(error);
        if (conflict) return conflict;
        throw error;
      }
    },

    async update(
      tx: Tx,
      id: number,
      values: { name: string; creditCode: string; at: Date },
    ): Promise<CompanyDirectoryRow | DirectoryWrite | undefined> {
      try {
        return await tx.transaction(async (sp) => {
          const [row] = await sp
            .update(companyDirectory)
            .set({ name: values.name, creditCode: values.creditCode, updatedAt: values.at })
            .where(and(eq(companyDirectory.id, id)))
            .returning();
          return row;
        });
      } catch (error) {
        const conflict = conflictOf(error);
        if (conflict) return conflict;
        throw error;
      }
    },
  };
}

export type CompanyDirectoryRepository = ReturnType<typeof createCompanyDirectoryRepository>;
