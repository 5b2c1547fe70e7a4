import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { createReviewQueueRepository } from '../../db/review-queue';
import { companyApply, type CompanyApplyRow } from './company-apply.table';

/** What the member writes: the company's details and the two files. */
export type CompanyApplyFields = Pick<
  CompanyApplyRow,
  | 'companyName'
  | 'creditCode'
  | 'legalPerson'
  | 'contactName'
  | 'contactPhone'
  | 'licenseKey'
  | 'letterKey'
>;

export function createCompanyApplyRepository(db: Db) {
  return {
    async findByMember(memberId: number): Promise<CompanyApplyRow | undefined> {
      const [row] = await db.select().from(companyApply).where(eq(companyApply.memberId, memberId));
      return row;
    },

    /** Whether another member's certification of this code was approved. */
    async isCertifiedByOther(creditCode: string, memberId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: companyApply.id })
        .from(companyApply)
        .where(
          and(
            eq(companyApply.creditCode, creditCode),
            eq(companyApply.status, 'approved'),
            ne(companyApply.memberId, memberId),
          ),
        );
      return row !== undefined;
    },

    /** Undefined when the member has an application already (also a concurrent one). */
    async insertPending(
      memberId: number,
      fields: CompanyApplyFields,
      at: Date,
    ): Promise<CompanyApplyRow | undefined> {
      try {
        const [row] = await db
          .insert(companyApply)
          .values({ ...fields, memberId, status: 'pending', createdAt: at, updatedAt: at })
          .returning();
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    /**
     * Edits a pending application or resubmits a rejected one (back to pending, the decision
     * cleared); undefined when it is neither (approved, or decided meanwhile).
     */
    async updateOpen(
      memberId: number,
      fields: CompanyApplyFields,
      at: Date,
    ): Promise<CompanyApplyRow | undefined> {
      const [row] = await db
        .update(companyApply)
        .set({
          ...fields,
          status: 'pending',
          rejectReason: null,
          decidedAt: null,
          decidedBy: null,
          updatedAt: at,
        })
        .where(
          and(
            eq(companyApply.memberId, memberId),
            inArray(companyApply.status, ['pending', 'rejected']),
          ),
        )
        .returning();
      return row;
    },
  };
}

export type CompanyApplyRepository = ReturnType<typeof createCompanyApplyRepository>;

/** The staff side: a review queue on the applications (decision 0041). */
export const createCompanyApplyReviewRepository = (db: Db) =>
  createReviewQueueRepository(db, {
    table: companyApply,
    // A decision leaves updated_at alone: it is when the member last submitted.
    submittedAt: companyApply.updatedAt,
    rejectReason: companyApply.rejectReason,
  });

export type CompanyApplyReviewRepository = ReturnType<typeof createCompanyApplyReviewRepository>;
