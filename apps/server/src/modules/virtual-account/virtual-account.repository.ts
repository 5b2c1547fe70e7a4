import { desc, eq, inArray } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { pagedList, type PageRequest } from '../../db/paged-list';
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

    /** The members whose accounts these are (a bank transfer's receiving account). */
    async ownersOf(ex: Executor, accountNos: readonly string[]): Promise<Map<string, number>> {
      if (accountNos.length === 0) return new Map();
      const rows = await ex
        .select({ accountNo: virtualAccount.accountNo, memberId: virtualAccount.memberId })
        .from(virtualAccount)
        .where(inArray(virtualAccount.accountNo, [...new Set(accountNos)]));
      return new Map(rows.map((r) => [r.accountNo, r.memberId]));
    },

    list: (memberId: number | undefined, page: PageRequest) =>
      pagedList(
        db,
        {
          from: virtualAccount,
          where: memberId === undefined ? undefined : eq(virtualAccount.memberId, memberId),
          orderBy: [desc(virtualAccount.id)],
        },
        page,
      ),

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
