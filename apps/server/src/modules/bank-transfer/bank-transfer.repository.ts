import { and, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pagedList, type PageRequest } from '../../db/paged-list';
import { bankTransfer, type BankTransferRow } from './bank-transfer.table';

export type NewBankTransfer = Omit<
  typeof bankTransfer.$inferInsert,
  'id' | 'state' | 'memberId' | 'matchedBy' | 'assignedBy' | 'assignReason' | 'creditedAt'
>;

export interface BankTransferFilter {
  state?: 'unmatched' | 'credited' | undefined;
  memberId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  keyword?: string | undefined;
}

/** `%`, `_` and `\` stand for themselves in a search. */
const likeEscaped = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const lineKey = (row: { accountNo: string; bankReference: string }) =>
  `${row.accountNo}|${row.bankReference}`;

export function createBankTransferRepository(db: Db) {
  return {
    lineKey,

    /**
     * Inserts the lines not recorded yet, in the order of their keys (so parallel imports of
     * overlapping files wait on each other in one order, never crosswise) and all as
     * `unmatched`; answers the rows it inserted. A line whose key exists — committed, or being
     * inserted by a transaction this one then waits for — is skipped.
     */
    async insertNew(tx: Tx, lines: readonly NewBankTransfer[]): Promise<BankTransferRow[]> {
      if (lines.length === 0) return [];
      const sorted = [...lines].sort((a, b) => {
        const [x, y] = [lineKey(a), lineKey(b)];
        return x < y ? -1 : x > y ? 1 : 0;
      });
      return tx
        .insert(bankTransfer)
        .values(sorted.map((line) => ({ ...line, state: 'unmatched' as const })))
        .onConflictDoNothing()
        .returning();
    },

    /** The recorded rows of these lines (by their keys), for the lines another import took. */
    async findByKeys(
      tx: Tx,
      keys: readonly { accountNo: string; bankReference: string }[],
    ): Promise<Map<string, BankTransferRow>> {
      if (keys.length === 0) return new Map();
      const rows = await tx
        .select()
        .from(bankTransfer)
        .where(
          sql`(${bankTransfer.accountNo}, ${bankTransfer.bankReference}) IN (${sql.join(
            keys.map((k) => sql`(${k.accountNo}, ${k.bankReference})`),
            sql`, `,
          )})`,
        );
      return new Map(rows.map((row) => [lineKey(row), row]));
    },

    /** The credited rows of these references (a reference credited under some account). */
    async creditedByReference(
      tx: Tx,
      references: readonly string[],
    ): Promise<Map<string, BankTransferRow>> {
      if (references.length === 0) return new Map();
      const rows = await tx
        .select()
        .from(bankTransfer)
        .where(
          and(
            inArray(bankTransfer.bankReference, [...new Set(references)]),
            eq(bankTransfer.state, 'credited'),
          ),
        );
      return new Map(rows.map((row) => [row.bankReference, row]));
    },

    async findByRequestId(tx: Tx, requestId: string): Promise<BankTransferRow | null> {
      const [row] = await tx
        .select()
        .from(bankTransfer)
        .where(eq(bankTransfer.requestId, requestId));
      return row ?? null;
    },

    /** The row, locked for the rest of the transaction (an assignment decides on it). */
    async lock(tx: Tx, id: number): Promise<BankTransferRow | null> {
      const [row] = await tx
        .select()
        .from(bankTransfer)
        .where(eq(bankTransfer.id, id))
        .for('update');
      return row ?? null;
    },

    /** `unmatched` → `credited`, only from `unmatched`: false when it was credited already. */
    async markCredited(
      tx: Tx,
      id: number,
      credit: {
        memberId: number;
        matchedBy: 'account' | 'staff';
        assignedBy?: number;
        assignReason?: string;
        at: Date;
      },
    ): Promise<boolean> {
      const rows = await tx
        .update(bankTransfer)
        .set({
          state: 'credited',
          memberId: credit.memberId,
          matchedBy: credit.matchedBy,
          assignedBy: credit.assignedBy ?? null,
          assignReason: credit.assignReason ?? null,
          unmatchedReason: null,
          creditedAt: credit.at,
        })
        .where(and(eq(bankTransfer.id, id), eq(bankTransfer.state, 'unmatched')))
        .returning({ id: bankTransfer.id });
      return rows.length === 1;
    },

    async setUnmatchedReason(tx: Tx, id: number, reason: string): Promise<void> {
      await tx
        .update(bankTransfer)
        .set({ unmatchedReason: reason })
        .where(and(eq(bankTransfer.id, id), eq(bankTransfer.state, 'unmatched')));
    },

    /** Newest value date first; by state, member, days (inclusive) and reference or payer. */
    list(filter: BankTransferFilter, page: PageRequest) {
      const conditions: SQL[] = [];
      if (filter.state) conditions.push(eq(bankTransfer.state, filter.state));
      if (filter.memberId !== undefined)
        conditions.push(eq(bankTransfer.memberId, filter.memberId));
      if (filter.from) conditions.push(gte(bankTransfer.valueDate, filter.from));
      if (filter.to) conditions.push(lte(bankTransfer.valueDate, filter.to));
      if (filter.keyword) {
        const keyword = filter.keyword;
        conditions.push(
          or(
            eq(bankTransfer.bankReference, keyword.toUpperCase()),
            eq(bankTransfer.accountNo, keyword),
            ilike(bankTransfer.payerName, `%${likeEscaped(keyword)}%`),
          )!,
        );
      }
      return pagedList(
        db,
        {
          from: bankTransfer,
          where: conditions.length > 0 ? and(...conditions) : undefined,
          orderBy: [desc(bankTransfer.valueDate), desc(bankTransfer.id)],
        },
        page,
      );
    },
  };
}

export type BankTransferRepository = ReturnType<typeof createBankTransferRepository>;
