import { and, count, desc, eq, inArray, isNull, like, sql, type SQL } from 'drizzle-orm';
import type { MemberInfo } from '@pcb/contract';

type MemberStatus = MemberInfo['status'];
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { pagedList, type Page, type PageRequest } from '../../db/paged-list';
import { accountManager } from './account-manager.table';
import { memberSession } from './member-session.table';
import { member, memberSearchGrams, memberSearchText, type MemberRow } from './member.table';

/** What a keyword looks for: a mobile prefix, or text in the names (its letter pairs). */
export type MemberKeyword = { mobilePrefix: string } | { text: string; grams: string[] };

const rowColumns = {
  id: member.id,
  mobile: member.mobile,
  userName: member.userName,
  realName: member.realName,
  companyName: member.companyName,
  memberType: member.memberType,
  status: member.status,
  createdAt: member.createdAt,
  managerId: accountManager.id,
  managerName: accountManager.realName,
};

export type MemberConsoleRow = Pick<
  MemberRow,
  'id' | 'mobile' | 'userName' | 'realName' | 'companyName' | 'memberType' | 'status' | 'createdAt'
> & { managerId: number | null; managerName: string | null };

/** Members as staff find and change them (the member module keeps its table). */
export function createMemberConsoleRepository(db: Db) {
  const keywordCondition = (keyword: MemberKeyword): SQL => {
    if ('mobilePrefix' in keyword) return like(member.mobile, `${keyword.mobilePrefix}%`);
    const grams = sql.join(
      keyword.grams.map((g) => sql`${g}`),
      sql`, `,
    );
    // The GIN index finds rows holding every pair; strpos keeps those holding them in order.
    return sql`${memberSearchGrams(member)} @> ARRAY[${grams}]::text[] AND strpos(lower(${memberSearchText(member)}), ${keyword.text}) > 0`;
  };

  return {
    async search(
      filter: { keyword?: MemberKeyword; status?: MemberStatus },
      page: PageRequest,
    ): Promise<Page<MemberConsoleRow>> {
      const conditions: SQL[] = [];
      if (filter.keyword) conditions.push(keywordCondition(filter.keyword));
      if (filter.status) conditions.push(eq(member.status, filter.status));
      return pagedList<MemberConsoleRow>(
        db,
        {
          from: member,
          fields: rowColumns,
          join: (q) => q.leftJoin(accountManager, eq(accountManager.id, member.accountManagerId)),
          where: and(...conditions),
          orderBy: [desc(member.id)],
        },
        page,
      );
    },

    /** The ids of the newest members a keyword finds, at most `limit` (no count). */
    async matchingIds(keyword: MemberKeyword, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: member.id })
        .from(member)
        .where(keywordCondition(keyword))
        .orderBy(desc(member.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    async find(id: number) {
      const [row] = await db
        .select({
          ...rowColumns,
          points: member.points,
          balance: member.balance,
          agreementVersion: member.agreementVersion,
          source: member.source,
        })
        .from(member)
        .leftJoin(accountManager, eq(accountManager.id, member.accountManagerId))
        .where(eq(member.id, id));
      return row;
    },

    async countLiveSessions(memberId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(memberSession)
        .where(and(eq(memberSession.memberId, memberId), isNull(memberSession.revokedAt)));
      return row?.n ?? 0;
    },

    async lock(tx: Tx, id: number) {
      const [row] = await tx
        .select({
          id: member.id,
          mobile: member.mobile,
          realName: member.realName,
          status: member.status,
          accountManagerId: member.accountManagerId,
        })
        .from(member)
        .where(eq(member.id, id))
        .for('update');
      return row;
    },

    /** Disabling ends every session and token of the member at once (token version bumped). */
    async setStatus(tx: Tx, id: number, status: 'active' | 'disabled', at: Date) {
      if (status === 'disabled') {
        await tx
          .update(memberSession)
          .set({ revokedAt: at })
          .where(and(eq(memberSession.memberId, id), isNull(memberSession.revokedAt)));
      }
      await tx
        .update(member)
        .set({
          status,
          updatedAt: at,
          ...(status === 'disabled' ? { tokenVersion: sql`${member.tokenVersion} + 1` } : {}),
        })
        .where(eq(member.id, id));
    },

    /**
     * A new mobile, every session and token ended with it; 'taken' when another member holds
     * the number (a savepoint, so the caller's transaction can still roll back cleanly).
     */
    async changeMobile(tx: Tx, id: number, mobile: string, at: Date) {
      try {
        return await tx.transaction(async (sp) => {
          const [row] = await sp
            .update(member)
            .set({ mobile, tokenVersion: sql`${member.tokenVersion} + 1`, updatedAt: at })
            .where(eq(member.id, id))
            .returning({ id: member.id });
          if (!row) return 'gone' as const;
          await sp
            .update(memberSession)
            .set({ revokedAt: at })
            .where(and(eq(memberSession.memberId, id), isNull(memberSession.revokedAt)));
          return 'changed' as const;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken' as const;
        throw error;
      }
    },

    /** The member becomes a certified company; false when there is no such member. */
    async certifyCompany(tx: Tx, id: number, companyName: string, at: Date): Promise<boolean> {
      const rows = await tx
        .update(member)
        .set({ companyName, memberType: 'company', certifiedAt: at, updatedAt: at })
        .where(eq(member.id, id))
        .returning({ id: member.id });
      return rows.length > 0;
    },

    async setManager(tx: Tx, id: number, managerId: number, at: Date) {
      await tx
        .update(member)
        .set({ accountManagerId: managerId, updatedAt: at })
        .where(eq(member.id, id));
    },

    /** Each member's account manager: its name and staff account (absent: none). */
    async managersOf(memberIds: number[]) {
      if (memberIds.length === 0) return [];
      return db
        .select({
          memberId: member.id,
          realName: accountManager.realName,
          staffId: accountManager.staffId,
        })
        .from(member)
        .innerJoin(accountManager, eq(accountManager.id, member.accountManagerId))
        .where(inArray(member.id, memberIds));
    },

    /** Active account managers whose staff account is among `staffIds`. */
    async managers(staffIds: number[], tx?: Tx) {
      if (staffIds.length === 0) return [];
      return (tx ?? db)
        .select({
          id: accountManager.id,
          realName: accountManager.realName,
          mobile: accountManager.mobile,
        })
        .from(accountManager)
        .where(and(eq(accountManager.isActive, true), inArray(accountManager.staffId, staffIds)))
        .orderBy(accountManager.id);
    },
  };
}

export type MemberConsoleRepository = ReturnType<typeof createMemberConsoleRepository>;
