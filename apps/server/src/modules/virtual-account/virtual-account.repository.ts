import { count, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { virtualAccount, type VirtualAccountRow } from './virtual-account.table';

export function createVirtualAccountRepository(db: Db) {
  return {
    async listOfMember(memberId: number): Promise<VirtualAccountRow[]> {
      return db
        .select()
        .from(virtualAccount)
        .where(eq(virtualAccount.memberId, memberId))
        .orderBy(virtualAccount.id);
    },

    async list(memberId: number | undefined, page: { offset: number; limit: number }) {
      const where = memberId === undefined ? undefined : eq(virtualAccount.memberId, memberId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(virtualAccount)
          .where(where)
          .orderBy(desc(virtualAccount.id))
          .offset(page.offset)
          .limit(page.limit),
        db.select({ n: count() }).from(virtualAccount).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** Undefined when the account number is taken (a savepoint keeps the route's transaction). */
    async insert(
      tx: Tx,
      values: Omit<typeof virtualAccount.$inferInsert, 'id'>,
    ): Promise<VirtualAccountRow | undefined> {
      try {
        return await tx.transaction(async (sp) => {
          const [row] = await sp.insert(virtualAccount).values(values).returning();
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },
  };
}

export type VirtualAccountRepository = ReturnType<typeof createVirtualAccountRepository>;
