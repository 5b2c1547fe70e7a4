import { and, count, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
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

/** The staff side: every application, and decisions on the route's transaction. */
export function createMobileApplyReviewRepository(db: Db) {
  return {
    async list(
      status: MobileApplyRow['status'] | undefined,
      page: { offset: number; limit: number },
    ) {
      const where = status ? eq(mobileApply.status, status) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(mobileApply)
          .where(where)
          .orderBy(desc(mobileApply.createdAt), desc(mobileApply.id))
          .offset(page.offset)
          .limit(page.limit),
        db.select({ n: count() }).from(mobileApply).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async findById(id: number): Promise<MobileApplyRow | undefined> {
      const [row] = await db.select().from(mobileApply).where(eq(mobileApply.id, id));
      return row;
    },

    async findLatest(memberId: number): Promise<MobileApplyRow | undefined> {
      const [row] = await db
        .select()
        .from(mobileApply)
        .where(eq(mobileApply.memberId, memberId))
        .orderBy(desc(mobileApply.createdAt), desc(mobileApply.id))
        .limit(1);
      return row;
    },

    /** Only a pending application is decided (`WHERE status = 'pending'`); undefined otherwise. */
    async decide(
      tx: Tx,
      id: number,
      decision: {
        status: 'approved' | 'rejected';
        decidedBy: number;
        decidedAt: Date;
        note: string | null;
      },
    ): Promise<MobileApplyRow | undefined> {
      const [row] = await tx
        .update(mobileApply)
        .set({
          status: decision.status,
          decidedBy: decision.decidedBy,
          decidedAt: decision.decidedAt,
          decisionNote: decision.note,
        })
        .where(and(eq(mobileApply.id, id), eq(mobileApply.status, 'pending')))
        .returning();
      return row;
    },
  };
}

export type MobileApplyReviewRepository = ReturnType<typeof createMobileApplyReviewRepository>;
