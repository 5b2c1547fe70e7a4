import { and, desc, eq } from 'drizzle-orm';
import { MAX_INVOICE_PROFILES } from '@pcb/contract';
import type { Db, Tx } from '../../db/client';
import { createOwnedList, type OwnedList } from '../../db/owned-list';
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

/** After the default, the most recently changed first. */
const recentFirst = [desc(memberInvoice.updatedAt), desc(memberInvoice.id)];

/** A member's profiles as an owned list: at most 20, one default (decision 0041). */
export const invoiceProfileList: OwnedList<typeof memberInvoice> = {
  items: memberInvoice,
  owner: memberInvoice.memberId,
  isDefault: memberInvoice.isDefault,
  counter: {
    table: memberInvoiceQuota,
    owner: memberInvoiceQuota.memberId,
    count: memberInvoiceQuota.profileCount,
  },
  cap: MAX_INVOICE_PROFILES,
  successorOrder: recentFirst,
};

export function createMemberInvoiceRepository(db: Db) {
  return {
    ...createOwnedList(db, invoiceProfileList),

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
        .orderBy(desc(memberInvoice.isDefault), ...recentFirst);
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
  };
}

export type MemberInvoiceRepository = ReturnType<typeof createMemberInvoiceRepository>;
