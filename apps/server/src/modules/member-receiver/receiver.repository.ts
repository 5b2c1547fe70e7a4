import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { RECEIVER_LIMIT } from '@pcb/contract';
import type { Db, Tx } from '../../db/client';
import { memberReceiver, memberReceiverCount, type ReceiverRow } from './receiver.table';

export type ReceiverValues = Omit<
  typeof memberReceiver.$inferInsert,
  'id' | 'memberId' | 'isDefault' | 'createdAt' | 'updatedAt'
>;

const owned = (memberId: number, id: number) =>
  and(eq(memberReceiver.id, id), eq(memberReceiver.memberId, memberId));

/** Default first, then the most recently created or edited. */
const listOrder = [
  desc(memberReceiver.isDefault),
  desc(memberReceiver.updatedAt),
  desc(memberReceiver.id),
];

export function createReceiverRepository(db: Db) {
  /** Clears the member's default, except on `keepId`. */
  const clearDefault = (tx: Tx, memberId: number, keepId?: number) =>
    tx
      .update(memberReceiver)
      .set({ isDefault: false })
      .where(
        and(
          eq(memberReceiver.memberId, memberId),
          eq(memberReceiver.isDefault, true),
          keepId === undefined ? undefined : ne(memberReceiver.id, keepId),
        ),
      );

  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    async find(memberId: number, id: number): Promise<ReceiverRow | undefined> {
      const [row] = await db.select().from(memberReceiver).where(owned(memberId, id));
      return row;
    },

    async list(memberId: number, page: { offset: number; limit: number }) {
      const where = eq(memberReceiver.memberId, memberId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(memberReceiver)
          .where(where)
          .orderBy(...listOrder)
          .offset(page.offset)
          .limit(page.limit),
        db.select({ n: count() }).from(memberReceiver).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async defaultOrLast(memberId: number): Promise<ReceiverRow | undefined> {
      const [row] = await db
        .select()
        .from(memberReceiver)
        .where(eq(memberReceiver.memberId, memberId))
        .orderBy(...listOrder)
        .limit(1);
      return row;
    },

    /**
     * Reserves one of the member's slots and locks the member's count row until the
     * transaction ends: the new count, or undefined when the member is at the limit.
     */
    async reserveSlot(tx: Tx, memberId: number): Promise<number | undefined> {
      const [row] = await tx
        .insert(memberReceiverCount)
        .values({ memberId, count: 1 })
        .onConflictDoUpdate({
          target: memberReceiverCount.memberId,
          set: { count: sql`${memberReceiverCount.count} + 1` },
          setWhere: sql`${memberReceiverCount.count} < ${RECEIVER_LIMIT}`,
        })
        .returning({ count: memberReceiverCount.count });
      return row?.count;
    },

    async hasDefault(tx: Tx, memberId: number): Promise<boolean> {
      const [row] = await tx
        .select({ id: memberReceiver.id })
        .from(memberReceiver)
        .where(and(eq(memberReceiver.memberId, memberId), eq(memberReceiver.isDefault, true)));
      return row !== undefined;
    },

    /** Takes the member's lock (their count row) for the rest of the transaction. */
    async lockMember(tx: Tx, memberId: number): Promise<void> {
      await tx
        .select({ memberId: memberReceiverCount.memberId })
        .from(memberReceiverCount)
        .where(eq(memberReceiverCount.memberId, memberId))
        .for('update');
    },

    async insert(
      tx: Tx,
      memberId: number,
      values: ReceiverValues,
      isDefault: boolean,
      at: Date,
    ): Promise<ReceiverRow> {
      if (isDefault) await clearDefault(tx, memberId);
      const [row] = await tx
        .insert(memberReceiver)
        .values({ ...values, memberId, isDefault, createdAt: at, updatedAt: at })
        .returning();
      return row!;
    },

    /** Undefined when the member has no such address. */
    async update(
      tx: Tx,
      memberId: number,
      id: number,
      values: ReceiverValues,
      at: Date,
    ): Promise<ReceiverRow | undefined> {
      const [row] = await tx
        .update(memberReceiver)
        .set({ ...values, updatedAt: at })
        .where(owned(memberId, id))
        .returning();
      return row;
    },

    /** Makes this address the member's one default; undefined when the member has no such one. */
    async setDefault(tx: Tx, memberId: number, id: number): Promise<ReceiverRow | undefined> {
      const [exists] = await tx
        .select({ id: memberReceiver.id })
        .from(memberReceiver)
        .where(owned(memberId, id));
      if (!exists) return undefined;
      await clearDefault(tx, memberId, id);
      const [row] = await tx
        .update(memberReceiver)
        .set({ isDefault: true })
        .where(owned(memberId, id))
        .returning();
      return row;
    },

    /**
     * Deletes the address and frees its slot; when it was the default, the most recently
     * created or edited one left becomes the default. False when the member has no such one.
     */
    async delete(tx: Tx, memberId: number, id: number): Promise<boolean> {
      const [deleted] = await tx
        .delete(memberReceiver)
        .where(owned(memberId, id))
        .returning({ isDefault: memberReceiver.isDefault });
      if (!deleted) return false;
      await tx
        .update(memberReceiverCount)
        .set({ count: sql`${memberReceiverCount.count} - 1` })
        .where(eq(memberReceiverCount.memberId, memberId));
      if (deleted.isDefault) {
        const [next] = await tx
          .select({ id: memberReceiver.id })
          .from(memberReceiver)
          .where(eq(memberReceiver.memberId, memberId))
          .orderBy(desc(memberReceiver.updatedAt), desc(memberReceiver.id))
          .limit(1);
        if (next) {
          await tx
            .update(memberReceiver)
            .set({ isDefault: true })
            .where(eq(memberReceiver.id, next.id));
        }
      }
      return true;
    },
  };
}

export type ReceiverRepository = ReturnType<typeof createReceiverRepository>;
