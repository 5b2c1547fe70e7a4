import { and, asc, desc, eq } from 'drizzle-orm';
import { MAX_CONTACTS, type ContactUserType } from '@pcb/contract';
import type { Db, Tx } from '../../db/client';
import { createOwnedList, type OwnedList } from '../../db/owned-list';
import { memberContact, memberContactCount, type MemberContactRow } from './member-contact.table';

export type ContactValues = Pick<
  typeof memberContact.$inferInsert,
  'contactName' | 'mobile' | 'email' | 'qq' | 'wechat' | 'userType'
>;

/**
 * A member's contacts as an owned list (decision 0041): at most MAX_CONTACTS, one main per
 * type; when the main goes, the earliest left of its type (the next one the list shows).
 */
export const contactList: OwnedList<typeof memberContact> = {
  items: memberContact,
  owner: memberContact.memberId,
  isDefault: memberContact.isMain,
  group: memberContact.userType,
  counter: {
    table: memberContactCount,
    owner: memberContactCount.memberId,
    count: memberContactCount.count,
  },
  cap: MAX_CONTACTS,
  successorOrder: [asc(memberContact.id)],
};

/** Every query is scoped by the member: another member's id finds nothing. */
export function createMemberContactRepository(db: Db) {
  const mine = (memberId: number, id: number) =>
    and(eq(memberContact.memberId, memberId), eq(memberContact.id, id));
  const ofType = (memberId: number, userType: ContactUserType) =>
    and(eq(memberContact.memberId, memberId), eq(memberContact.userType, userType));

  return {
    ...createOwnedList(db, contactList),

    /** Outside a transaction (orders read the member's contact). */
    async findOwned(memberId: number, id: number): Promise<MemberContactRow | undefined> {
      const [row] = await db.select().from(memberContact).where(mine(memberId, id));
      return row;
    },

    /** By type, the main one first, then the earliest. */
    async list(memberId: number, userType?: ContactUserType): Promise<MemberContactRow[]> {
      return db
        .select()
        .from(memberContact)
        .where(userType ? ofType(memberId, userType) : eq(memberContact.memberId, memberId))
        .orderBy(asc(memberContact.userType), desc(memberContact.isMain), asc(memberContact.id));
    },

    async findMain(memberId: number, userType: ContactUserType) {
      const [row] = await db
        .select()
        .from(memberContact)
        .where(and(ofType(memberId, userType), eq(memberContact.isMain, true)));
      return row;
    },

    async insert(
      tx: Tx,
      values: ContactValues & { memberId: number; isMain: boolean; at: Date },
    ): Promise<MemberContactRow> {
      const { at, ...rest } = values;
      const [row] = await tx
        .insert(memberContact)
        .values({ ...rest, createdAt: at, updatedAt: at })
        .returning();
      return row!;
    },

    async update(
      tx: Tx,
      memberId: number,
      id: number,
      values: ContactValues & { isMain: boolean; at: Date },
    ): Promise<MemberContactRow | undefined> {
      const { at, ...rest } = values;
      const [row] = await tx
        .update(memberContact)
        .set({ ...rest, updatedAt: at })
        .where(mine(memberId, id))
        .returning();
      return row;
    },
  };
}

export type MemberContactRepository = ReturnType<typeof createMemberContactRepository>;
