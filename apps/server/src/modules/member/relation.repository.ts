import { aliasedTable, and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberRelation, type MemberRelationRow } from './member-relation.table';
import { member } from './member.table';

const other = aliasedTable(member, 'other');

export interface RelationWithMember extends MemberRelationRow {
  other: {
    id: number;
    realName: string | null;
    userName: string | null;
    mobile: string;
    companyName: string | null;
  };
}

const otherColumns = {
  id: other.id,
  realName: other.realName,
  userName: other.userName,
  mobile: other.mobile,
  companyName: other.companyName,
};

export function createRelationRepository(db: Db) {
  return {
    /** The main member's state when, and only when, it may act as the related member. */
    async findSwitchState(mainMemberId: number, relatedMemberId: number) {
      const [row] = await db
        .select({ status: member.status, tokenVersion: member.tokenVersion })
        .from(memberRelation)
        .innerJoin(member, eq(member.id, memberRelation.mainMemberId))
        .where(
          and(
            eq(memberRelation.mainMemberId, mainMemberId),
            eq(memberRelation.relatedMemberId, relatedMemberId),
            eq(memberRelation.status, 'approved'),
          ),
        );
      return row ?? null;
    },

    async findPair(mainMemberId: number, relatedMemberId: number) {
      const [row] = await db
        .select()
        .from(memberRelation)
        .where(
          and(
            eq(memberRelation.mainMemberId, mainMemberId),
            eq(memberRelation.relatedMemberId, relatedMemberId),
          ),
        );
      return row;
    },

    /**
     * A new request, or a rejected one asked again (back to pending). Returns undefined when the
     * pair already exists pending or approved.
     */
    async request(mainMemberId: number, relatedMemberId: number, at: Date) {
      const [row] = await db
        .insert(memberRelation)
        .values({ mainMemberId, relatedMemberId, status: 'pending', createdAt: at })
        .onConflictDoUpdate({
          target: [memberRelation.mainMemberId, memberRelation.relatedMemberId],
          set: { status: 'pending', createdAt: at, decidedAt: null },
          setWhere: sql`${memberRelation.status} = 'rejected'`,
        })
        .returning();
      return row;
    },

    async findForRelated(id: number, relatedMemberId: number) {
      const [row] = await db
        .select()
        .from(memberRelation)
        .where(and(eq(memberRelation.id, id), eq(memberRelation.relatedMemberId, relatedMemberId)));
      return row;
    },

    /** Answers a pending request; undefined when it was answered meanwhile. */
    async decide(id: number, status: 'approved' | 'rejected', at: Date) {
      const [row] = await db
        .update(memberRelation)
        .set({ status, decidedAt: at })
        .where(and(eq(memberRelation.id, id), eq(memberRelation.status, 'pending')))
        .returning();
      return row;
    },

    /** Either side may end a relation. */
    async delete(id: number, memberId: number) {
      const [row] = await db
        .delete(memberRelation)
        .where(
          and(
            eq(memberRelation.id, id),
            or(
              eq(memberRelation.mainMemberId, memberId),
              eq(memberRelation.relatedMemberId, memberId),
            ),
          ),
        )
        .returning({ id: memberRelation.id });
      return row;
    },

    /** Relations where the member is main (side 'main') or related, each with the other member. */
    async listWithOther(
      memberId: number,
      side: 'main' | 'related',
      onlyId?: number,
    ): Promise<RelationWithMember[]> {
      const [mine, theirs] =
        side === 'main'
          ? [memberRelation.mainMemberId, memberRelation.relatedMemberId]
          : [memberRelation.relatedMemberId, memberRelation.mainMemberId];
      const rows = await db
        .select({ relation: memberRelation, other: otherColumns })
        .from(memberRelation)
        .innerJoin(other, eq(other.id, theirs))
        .where(
          and(eq(mine, memberId), onlyId === undefined ? undefined : eq(memberRelation.id, onlyId)),
        )
        .orderBy(desc(memberRelation.createdAt), desc(memberRelation.id));
      return rows.map((r) => ({ ...r.relation, other: r.other }));
    },
  };
}

export type RelationRepository = ReturnType<typeof createRelationRepository>;
