import { and, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
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

/** The staff side: every application, and decisions on the route's transaction. */
export function createCompanyApplyReviewRepository(db: Db) {
  return {
    async list(
      status: CompanyApplyRow['status'] | undefined,
      page: { offset: number; limit: number },
    ) {
      const where = status ? eq(companyApply.status, status) : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(companyApply)
          .where(where)
          .orderBy(desc(companyApply.updatedAt), desc(companyApply.id))
          .offset(page.offset)
          .limit(page.limit),
        db.select({ n: count() }).from(companyApply).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async findById(id: number): Promise<CompanyApplyRow | undefined> {
      const [row] = await db.select().from(companyApply).where(eq(companyApply.id, id));
      return row;
    },

    /**
     * Decides a pending application (`WHERE status = 'pending'`): undefined when it is not
     * pending; 'codeTaken' when approving a code another member's approval holds (a savepoint,
     * so the route's transaction still rolls back cleanly).
     */
    async decide(
      tx: Tx,
      id: number,
      decision: {
        status: 'approved' | 'rejected';
        decidedBy: number;
        decidedAt: Date;
        rejectReason: string | null;
      },
    ): Promise<CompanyApplyRow | undefined | 'codeTaken'> {
      try {
        return await tx.transaction(async (sp) => {
          const [row] = await sp
            .update(companyApply)
            .set({ ...decision, updatedAt: decision.decidedAt })
            .where(and(eq(companyApply.id, id), eq(companyApply.status, 'pending')))
            .returning();
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return 'codeTaken';
        throw error;
      }
    },
  };
}

export type CompanyApplyReviewRepository = ReturnType<typeof createCompanyApplyReviewRepository>;
