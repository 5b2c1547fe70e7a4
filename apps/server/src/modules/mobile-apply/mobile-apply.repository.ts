import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { createReviewQueueRepository } from '../../db/review-queue';
import { mobileApply, type MobileApplyRow } from './mobile-apply.table';

export function createMobileApplyRepository(db: Db) {
  return {
    async findPending(memberId: number): Promise<MobileApplyRow | undefined> {
      const [row] = await db
        .select()
        .from(mobileApply)
        .where(and(eq(mobileApply.memberId, memberId), eq(mobileApply.status, 'pending')));
      return row;
    },

    /** Undefined when the member has a pending application already (also a concurrent one). */
    async insertPending(
      values: Omit<typeof mobileApply.$inferInsert, 'status'>,
    ): Promise<MobileApplyRow | undefined> {
      try {
        const [row] = await db
          .insert(mobileApply)
          .values({ ...values, status: 'pending' })
          .returning();
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },
  };
}

export type MobileApplyRepository = ReturnType<typeof createMobileApplyRepository>;

/** The staff side: a review queue on the applications (decision 0041). */
export function createMobileApplyReviewRepository(db: Db) {
  return {
    ...createReviewQueueRepository(db, {
      table: mobileApply,
      submittedAt: mobileApply.createdAt,
      rejectReason: mobileApply.decisionNote,
    }),

    /** The member's own latest application, whatever its status. */
    async findLatest(memberId: number): Promise<MobileApplyRow | undefined> {
      const [row] = await db
        .select()
        .from(mobileApply)
        .where(eq(mobileApply.memberId, memberId))
        .orderBy(desc(mobileApply.createdAt), desc(mobileApply.id))
        .limit(1);
      return row;
    },
  };
}

export type MobileApplyReviewRepository = ReturnType<typeof createMobileApplyReviewRepository>;
