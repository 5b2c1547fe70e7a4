import { and, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { searchGrams } from '../../lib/search-grams';
import { member, memberSearchGrams, memberSearchText, type MemberRow } from './member.table';

export type ProfileChange = Partial<
  Pick<MemberRow, 'realName' | 'userName' | 'qq' | 'contactPhone' | 'companyName' | 'memberType'>
>;

/** The member's own profile fields, and certified members' companies for the directory. */
export function createMemberProfileRepository(db: Db) {
  return {
    /**
     * Applies the change. While it touches the company name or member type, only as long as
     * the member is not certified or the values are the certification's (a certification
     * approved a moment ago wins). 'certified' when that refused it, 'userNameTaken' when the
     * user name is another member's (case-insensitively, also a moment ago), 'gone' when the
     * member is no more.
     */
    async update(
      id: number,
      change: ProfileChange,
      at: Date,
    ): Promise<'ok' | 'certified' | 'userNameTaken' | 'gone'> {
      const conditions: (SQL | undefined)[] = [eq(member.id, id)];
      const touchesCompany = change.companyName !== undefined || change.memberType !== undefined;
      if (touchesCompany) {
        conditions.push(
          or(
            isNull(member.certifiedAt),
            and(
              change.companyName === undefined
                ? undefined
                : change.companyName === null
                  ? isNull(member.companyName)
                  : eq(member.companyName, change.companyName),
              change.memberType === undefined
                ? undefined
                : eq(member.memberType, change.memberType),
            ),
          ),
        );
      }
      try {
        const rows = await db
          .update(member)
          .set({ ...change, updatedAt: at })
          .where(and(...conditions))
          .returning({ id: member.id });
        if (rows.length > 0) return 'ok';
      } catch (error) {
        if (isUniqueViolation(error)) return 'userNameTaken';
        throw error;
      }
      const [row] = await db.select({ id: member.id }).from(member).where(eq(member.id, id));
      return row ? 'certified' : 'gone';
    },

    /** Certified members' company names holding the fragment (the member search GIN index). */
    async searchCertifiedCompanies(fragment: string, limit: number): Promise<string[]> {
      const text = fragment.toLowerCase();
      const grams = sql.join(
        searchGrams(text).map((g) => sql`${g}`),
        sql`, `,
      );
      const rows = await db
        .selectDistinct({ name: member.companyName })
        .from(member)
        .where(
          and(
            sql`${memberSearchGrams(member)} @> ARRAY[${grams}]::text[]`,
            sql`strpos(lower(${memberSearchText(member)}), ${text}) > 0`,
            sql`strpos(lower(${member.companyName}), ${text}) > 0`,
            isNotNull(member.certifiedAt),
          ),
        )
        .limit(limit);
      return rows.flatMap((r) => (r.name ? [r.name] : []));
    },
  };
}

export type MemberProfileRepository = ReturnType<typeof createMemberProfileRepository>;
