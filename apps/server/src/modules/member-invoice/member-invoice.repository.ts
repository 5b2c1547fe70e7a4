import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  memberInvoice,
  memberInvoiceQuota,
  type MemberInvoiceRow,
  type NewMemberInvoice,
} from './member-invoice.table';

/** The columns a member writes (everything but owner, default flag and times). */
export type InvoiceProfileValues = Omit<
  NewMemberInvoice,
  'id' | 'memberId' | 'isDefault' | 'createdAt' | 'updatedAt'
>;

const owned = (memberId: number, id: number) =>
  and(eq(memberInvoice.memberId, memberId), eq(memberInvoice.id, id));

export function createMemberInvoiceRepository(db: Db) {
  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    /** Default first, then the most recently changed. */
    async list(memberId: number, invoiceType?: MemberInvoiceRow['invoiceType']) {
      return db
        .select()
        .from(memberInvoice)
        .where(
          and(
            eq(memberInvoice.memberId, memberId),
            invoiceType ? eq(memberInvoice.invoiceType, invoiceType) : undefined,
          ),
        )
        .orderBy(
          desc(memberInvoice.isDefault),
          desc(memberInvoice.updatedAt),
          desc(memberInvoice.id),
        );
    },

    async findOwned(memberId: number, id: number): Promise<MemberInvoiceRow | undefined> {
      const [row] = await db.select().from(memberInvoice).where(owned(memberId, id));
      return row;
    },

    async findDefault(memberId: number): Promise<MemberInvoiceRow | undefined> {
      const [row] = await db
        .select()
        .from(memberInvoice)
        .where(and(eq(memberInvoice.memberId, memberId), eq(memberInvoice.isDefault, true)));
      return row;
    },

    /**
     * One more profile for the member, unless they hold the cap already: an upsert that adds
     * one only below `max`, so concurrent creates never pass it. Locks the member's quota row
     * until the transaction ends. False at the cap.
     */
    async reserve(tx: Tx, memberId: number, max: number): Promise<boolean> {
      const rows = await tx
        .insert(memberInvoiceQuota)
        .values({ memberId, profileCount: 1 })
        .onConflictDoUpdate({
          target: memberInvoiceQuota.memberId,
          set: { profileCount: sql`${memberInvoiceQuota.profileCount} + 1` },
          setWhere: sql`${memberInvoiceQuota.profileCount} < ${max}`,
        })
        .returning({ count: memberInvoiceQuota.profileCount });
      return rows.length > 0;
    },

    /** Waits for the member's other profile writes to finish; false when they have none. */
    async lockMember(tx: Tx, memberId: number): Promise<boolean> {
      const rows = await tx
        .select({ memberId: memberInvoiceQuota.memberId })
        .from(memberInvoiceQuota)
        .where(eq(memberInvoiceQuota.memberId, memberId))
        .for('update');
      return rows.length > 0;
    },

    async release(tx: Tx, memberId: number): Promise<void> {
      await tx
        .update(memberInvoiceQuota)
        .set({ profileCount: sql`${memberInvoiceQuota.profileCount} - 1` })
        .where(eq(memberInvoiceQuota.memberId, memberId));
    },

    async hasDefault(tx: Tx, memberId: number): Promise<boolean> {
      const [row] = await tx
        .select({ id: memberInvoice.id })
        .from(memberInvoice)
        .where(and(eq(memberInvoice.memberId, memberId), eq(memberInvoice.isDefault, true)));
      return row !== undefined;
    },

    async insert(tx: Tx, values: NewMemberInvoice): Promise<MemberInvoiceRow> {
      const [row] = await tx.insert(memberInvoice).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async update(
      tx: Tx,
      memberId: number,
      id: number,
      values: InvoiceProfileValues & { updatedAt: Date },
    ): Promise<MemberInvoiceRow | undefined> {
      const [row] = await tx
        .update(memberInvoice)
        .set(values)
        .where(owned(memberId, id))
        .returning();
      return row;
    },

    /** The member's default stops being one (before another becomes it: one default at most). */
    async clearDefault(tx: Tx, memberId: number): Promise<void> {
      await tx
        .update(memberInvoice)
        .set({ isDefault: false })
        .where(and(eq(memberInvoice.memberId, memberId), eq(memberInvoice.isDefault, true)));
    },

    async markDefault(tx: Tx, memberId: number, id: number): Promise<MemberInvoiceRow | undefined> {
      const [row] = await tx
        .update(memberInvoice)
        .set({ isDefault: true })
        .where(owned(memberId, id))
        .returning();
      return row;
    },

    async delete(tx: Tx, memberId: number, id: number): Promise<MemberInvoiceRow | undefined> {
      const [row] = await tx.delete(memberInvoice).where(owned(memberId, id)).returning();
      return row;
    },

    /** The most recently added profile becomes the default (after the default was deleted). */
    async promoteLatest(tx: Tx, memberId: number): Promise<void> {
      const [latest] = await tx
        .select({ id: memberInvoice.id })
        .from(memberInvoice)
        .where(eq(memberInvoice.memberId, memberId))
        .orderBy(desc(memberInvoice.createdAt), desc(memberInvoice.id))
        .limit(1);
      if (latest) {
        await tx
          .update(memberInvoice)
          .set({ isDefault: true })
          .where(eq(memberInvoice.id, latest.id));
      }
    },
  };
}

export type MemberInvoiceRepository = ReturnType<typeof createMemberInvoiceRepository>;
