import { and, desc, eq } from 'drizzle-orm';
import { RECEIVER_LIMIT } from '@pcb/contract';
import type { Db, Tx } from '../../db/client';
import { createOwnedList, type OwnedList } from '../../db/owned-list';
import { pagedList, type PageRequest } from '../../db/paged-list';
import { memberReceiver, memberReceiverCount, type ReceiverRow } from './member-receiver.table';

export type ReceiverValues = Omit<
  typeof memberReceiver.$inferInsert,
  'id' | 'memberId' | 'isDefault' | 'createdAt' | 'updatedAt'
>;

const owned = (memberId: number, id: number) =>
  and(eq(memberReceiver.id, id), eq(memberReceiver.memberId, memberId));

/** After the default, the most recently created or edited first. */
const recentFirst = [desc(memberReceiver.updatedAt), desc(memberReceiver.id)];

/** A member's addresses as an owned list: at most RECEIVER_LIMIT, one default (decision 0041). */
export const receiverList: OwnedList<typeof memberReceiver> = {
  items: memberReceiver,
  owner: memberReceiver.memberId,
  isDefault: memberReceiver.isDefault,
  counter: {
    table: memberReceiverCount,
    owner: memberReceiverCount.memberId,
    count: memberReceiverCount.count,
  },
  cap: RECEIVER_LIMIT,
  successorOrder: recentFirst,
};

export function createMemberReceiverRepository(db: Db) {
  const list = createOwnedList(db, receiverList);

  return {
    ...list,

    async find(memberId: number, id: number): Promise<ReceiverRow | undefined> {
      const [row] = await db.select().from(memberReceiver).where(owned(memberId, id));
      return row;
    },

    /** The default first, then the most recently created or edited. */
    list: (memberId: number, page: PageRequest) =>
      pagedList(
        db,
        {
          from: memberReceiver,
          where: eq(memberReceiver.memberId, memberId),
          orderBy: [desc(memberReceiver.isDefault), ...recentFirst],
        },
        page,
      ),

    async defaultOrLast(memberId: number): Promise<ReceiverRow | undefined> {
      const [row] = await db
        .select()
        .from(memberReceiver)
        .where(eq(memberReceiver.memberId, memberId))
        .orderBy(desc(memberReceiver.isDefault), ...recentFirst)
        .limit(1);
      return row;
    },

    async insert(
      tx: Tx,
      memberId: number,
      values: ReceiverValues,
      isDefault: boolean,
      at: Date,
    ): Promise<ReceiverRow> {
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
  };
}

export type MemberReceiverRepository = ReturnType<typeof createMemberReceiverRepository>;
