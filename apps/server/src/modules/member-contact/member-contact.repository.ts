import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { ContactUserType } from '@pcb/contract';
import type { Db, Tx } from '../../db/client';
import { memberContact, type MemberContactRow } from './member-contact.table';

export type ContactValues = Pick<
  typeof memberContact.$inferInsert,
  'contactName' | 'mobile' | 'email' | 'qq' | 'wechat' | 'userType'
>;

/** Every query is scoped by the member: another member's id finds nothing. */
export function createMemberContactRepository(db: Db) {
  const mine = (memberId: number, id: number) =>
    and(eq(memberContact.memberId, memberId), eq(memberContact.id, id));
  const ofType = (memberId: number, userType: ContactUserType) =>
    and(eq(memberContact.memberId, memberId), eq(memberContact.userType, userType));

  return {
    /** Outside a transaction (orders read the member's contact). */
    async findOwned(memberId: number, id: number): Promise<MemberContactRow | undefined> {
      const [row] = await db.select().from(memberContact).where(mine(memberId, id));
      return row;
    },
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

    /**
     * Runs `work` with the member's contacts to itself: every change of a member's contacts
     * takes this transaction-scoped lock first, so "exactly one main per type" is decided on
     * a settled set (the partial unique index stays the last line).
     */
    async serialised<T>(memberId: number, work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(hashtext('member_contact'), ${memberId}::int)`,
        );
        return work(tx);
      });
    },

    async find(tx: Tx, memberId: number, id: number) {
      const [row] = await tx.select().from(memberContact).where(mine(memberId, id));
      return row;
    },

    async countOf(tx: Tx, memberId: number): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(memberContact)
        .where(eq(memberContact.memberId, memberId));
      return row?.n ?? 0;
    },

    async hasMain(tx: Tx, memberId: number, userType: ContactUserType, except?: number) {
      const [row] = await tx
        .select({ id: memberContact.id })
        .from(memberContact)
        .where(
          and(
            ofType(memberId, userType),
            eq(memberContact.isMain, true),
            except === undefined ? undefined : ne(memberContact.id, except),
          ),
        );
      return row !== undefined;
    },

    /** The main contact of the type is main no more (before another becomes it). */
    async clearMain(tx: Tx, memberId: number, userType: ContactUserType, at: Date) {
      await tx
        .update(memberContact)
        .set({ isMain: false, updatedAt: at })
        .where(and(ofType(memberId, userType), eq(memberContact.isMain, true)));
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
      values: Partial<ContactValues> & { isMain?: boolean; at: Date },
    ): Promise<MemberContactRow | undefined> {
      const { at, ...rest } = values;
      const [row] = await tx
        .update(memberContact)
        .set({ ...rest, updatedAt: at })
        .where(mine(memberId, id))
        .returning();
      return row;
    },

    async delete(tx: Tx, memberId: number, id: number): Promise<MemberContactRow | undefined> {
      const [row] = await tx.delete(memberContact).where(mine(memberId, id)).returning();
      return row;
    },

    /** The earliest contact of the type becomes main, when the type has none and any left. */
    async promoteEarliest(tx: Tx, memberId: number, userType: ContactUserType, at: Date) {
      await tx.execute(sql`
        UPDATE ${memberContact} SET is_main = true, updated_at = ${at}
        WHERE id = (
          SELECT id FROM ${memberContact}
          WHERE member_id = ${memberId} AND user_type = ${userType}
          ORDER BY id LIMIT 1
        )
        AND NOT EXISTS (
          SELECT 1 FROM ${memberContact}
          WHERE member_id = ${memberId} AND user_type = ${userType} AND is_main
        )`);
    },
  };
}

export type MemberContactRepository = ReturnType<typeof createMemberContactRepository>;
