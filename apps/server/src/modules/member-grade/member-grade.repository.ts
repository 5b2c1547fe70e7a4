import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { memberGradeLevel, memberPaidMonth, type MemberGradeLevelRow } from './member-grade.table';

/** The monthly paid sums and the levels' configuration: queries only. */
export function createMemberGradeRepository(db: Db) {
  const net = sql<string>`coalesce(sum(${memberPaidMonth.paidFen} - ${memberPaidMonth.refundedFen}), 0)`;
  return {
    async levels(ex: Executor = db): Promise<MemberGradeLevelRow[]> {
      return ex.select().from(memberGradeLevel).orderBy(asc(memberGradeLevel.rank));
    },

    async lockLevels(tx: Tx): Promise<MemberGradeLevelRow[]> {
      return tx.select().from(memberGradeLevel).orderBy(asc(memberGradeLevel.rank)).for('update');
    },

    async updateLevel(
      tx: Tx,
      level: MemberGradeLevelRow['level'],
      values: Pick<MemberGradeLevelRow, 'thresholdFen' | 'discountBp' | 'freeShipping'>,
      by: number,
      at: Date,
    ): Promise<void> {
      await tx
        .update(memberGradeLevel)
        .set({ ...values, updatedBy: by, updatedAt: at })
        .where(eq(memberGradeLevel.level, level));
    },

    /** Fen paid from `fromMonth` (a month's first day) on, refunds subtracted. */
    async paidSince(memberId: number, fromMonth: string, ex: Executor = db): Promise<number> {
      const [row] = await ex
        .select({ net })
        .from(memberPaidMonth)
        .where(and(eq(memberPaidMonth.memberId, memberId), gte(memberPaidMonth.month, fromMonth)));
      return Number(row?.net ?? 0);
    },

    /** The same for many members at once (a console list's page). */
    async paidSinceMany(memberIds: number[], fromMonth: string): Promise<Map<number, number>> {
      if (memberIds.length === 0) return new Map();
      const rows = await db
        .select({ memberId: memberPaidMonth.memberId, net })
        .from(memberPaidMonth)
        .where(
          and(inArray(memberPaidMonth.memberId, memberIds), gte(memberPaidMonth.month, fromMonth)),
        )
        .groupBy(memberPaidMonth.memberId);
      return new Map(rows.map((r) => [r.memberId, Number(r.net)]));
    },
  };
}

export type MemberGradeRepository = ReturnType<typeof createMemberGradeRepository>;
