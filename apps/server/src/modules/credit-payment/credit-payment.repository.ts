import { and, asc, count, desc, eq, isNotNull, isNull, lt, sql, sum } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { pagedList, type Page, type PageRequest } from '../../db/paged-list';
import { createReviewQueueRepository } from '../../db/review-queue';
import {
  creditApply,
  creditBill,
  creditMobile,
  creditOrder,
  type CreditApplyRow,
  type CreditBillRow,
  type CreditMobileRow,
} from './credit-payment.table';

export type CreditApplyFields = Pick<
  CreditApplyRow,
  'companyName' | 'contactName' | 'contactPhone' | 'expectedMonthlyFen' | 'remark'
>;

/** Queries of the credit-payment module (decisions 0059, 0060); rules live in the services. */
export function createCreditRepository(db: Db) {
  return {
    async applyOf(memberId: number, ex: Executor = db): Promise<CreditApplyRow | undefined> {
      const [row] = await ex.select().from(creditApply).where(eq(creditApply.memberId, memberId));
      return row;
    },

    /** Undefined when the member applied already (also concurrently). */
    async insertApply(memberId: number, fields: CreditApplyFields, at: Date) {
      const [row] = await db
        .insert(creditApply)
        .values({ ...fields, memberId, status: 'pending', createdAt: at, updatedAt: at })
        .onConflictDoNothing({ target: creditApply.memberId })
        .returning();
      return row;
    },

    /** A rejected application submitted again (back to pending); undefined unless rejected. */
    async resubmit(memberId: number, fields: CreditApplyFields, at: Date) {
      const [row] = await db
        .update(creditApply)
        .set({
          ...fields,
          status: 'pending',
          rejectReason: null,
          decidedAt: null,
          decidedBy: null,
          updatedAt: at,
        })
        .where(and(eq(creditApply.memberId, memberId), eq(creditApply.status, 'rejected')))
        .returning();
      return row;
    },

    /** The member's application, locked for a change of the line (`share`: while paying). */
    async lockApply(
      tx: Tx,
      memberId: number,
      mode: 'update' | 'share',
    ): Promise<CreditApplyRow | undefined> {
      const [row] = await tx
        .select()
        .from(creditApply)
        .where(eq(creditApply.memberId, memberId))
        .for(mode);
      return row;
    },

    /**
     * Changes an approved line if it is still the version read (a conditional update: a change
     * made meanwhile makes this one write nothing); the row, or undefined.
     */
    async updateLine(
      tx: Tx,
      id: number,
      version: number,
      set: Partial<Pick<CreditApplyRow, 'limitFen' | 'billingDay' | 'limitCutFen'>>,
    ): Promise<CreditApplyRow | undefined> {
      const [row] = await tx
        .update(creditApply)
        .set({ ...set, lineVersion: version + 1 })
        .where(
          and(
            eq(creditApply.id, id),
            eq(creditApply.status, 'approved'),
            eq(creditApply.lineVersion, version),
          ),
        )
        .returning();
      return row;
    },

    /** Suspends (a reason) or resumes (null) an approved line; undefined when it already was. */
    async setSuspended(
      tx: Tx,
      memberId: number,
      suspend: { reason: string; staffId: number; at: Date } | null,
    ): Promise<CreditApplyRow | undefined> {
      const [row] = await tx
        .update(creditApply)
        .set(
          suspend
            ? {
                suspendedAt: suspend.at,
                suspendReason: suspend.reason,
                suspendedBy: suspend.staffId,
              }
            : { suspendedAt: null, suspendReason: null, suspendedBy: null },
        )
        .where(
          and(
            eq(creditApply.memberId, memberId),
            eq(creditApply.status, 'approved'),
            suspend ? isNull(creditApply.suspendedAt) : isNotNull(creditApply.suspendedAt),
          ),
        )
        .returning();
      return row;
    },

    /** Approved lines whose billing day this is. */
    async approvedOnDay(billingDay: number): Promise<{ memberId: number }[]> {
      return db
        .select({ memberId: creditApply.memberId })
        .from(creditApply)
        .where(and(eq(creditApply.status, 'approved'), eq(creditApply.billingDay, billingDay)))
        .orderBy(asc(creditApply.memberId));
    },

    // ---- Bound mobiles ----

    mobiles(memberId: number): Promise<CreditMobileRow[]> {
      return db
        .select()
        .from(creditMobile)
        .where(eq(creditMobile.memberId, memberId))
        .orderBy(asc(creditMobile.id));
    },

    async isBound(memberId: number, mobile: string): Promise<boolean> {
      const [row] = await db
        .select({ id: creditMobile.id })
        .from(creditMobile)
        .where(and(eq(creditMobile.memberId, memberId), eq(creditMobile.mobile, mobile)));
      return row !== undefined;
    },

    /**
     * Binds a mobile unless the member has `max` already or has it: the member's lock (an
     * advisory lock in the transaction) makes the count and the insert one step.
     */
    async insertMobile(
      memberId: number,
      mobile: string,
      max: number,
      at: Date,
    ): Promise<CreditMobileRow | 'full' | 'exists'> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('credit_mobile'), ${memberId})`);
        const [{ n } = { n: 0 }] = await tx
          .select({ n: count() })
          .from(creditMobile)
          .where(eq(creditMobile.memberId, memberId));
        if (n >= max) return 'full';
        const [row] = await tx
          .insert(creditMobile)
          .values({ memberId, mobile, createdAt: at })
          .onConflictDoNothing()
          .returning();
        return row ?? 'exists';
      });
    },

    async deleteMobile(memberId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(creditMobile)
        .where(and(eq(creditMobile.id, id), eq(creditMobile.memberId, memberId)))
        .returning({ id: creditMobile.id });
      return rows.length === 1;
    },

    // ---- Orders paid on credit ----

    async insertOrder(
      tx: Tx,
      values: {
        orderId: number;
        memberId: number;
        orderNo: string;
        amountFen: number;
        paidAt: Date;
      },
    ) {
      await tx.insert(creditOrder).values(values);
    },

    /** Marks a credit order refunded (once); its bill id, or undefined when it already was. */
    async refundOrder(tx: Tx, orderId: number, at: Date) {
      const [row] = await tx
        .update(creditOrder)
        .set({ refundedAt: at })
        .where(and(eq(creditOrder.orderId, orderId), isNull(creditOrder.refundedAt)))
        .returning({ billId: creditOrder.billId });
      return row;
    },

    async unbilled(memberId: number, ex: Executor = db) {
      const [row] = await ex
        .select({ amount: sum(creditOrder.amountFen), n: count() })
        .from(creditOrder)
        .where(
          and(
            eq(creditOrder.memberId, memberId),
            isNull(creditOrder.billId),
            isNull(creditOrder.refundedAt),
          ),
        );
      return { amount: Number(row?.amount ?? 0), orderCount: row?.n ?? 0 };
    },

    billOrders(billId: number) {
      return db
        .select()
        .from(creditOrder)
        .where(eq(creditOrder.billId, billId))
        .orderBy(asc(creditOrder.paidAt));
    },

    // ---- Bills ----

    /**
     * Makes the member's bill of `period` from the credit orders paid before `before` and not
     * billed; null when there is nothing to bill or the bill exists (the unique key: one bill
     * per member and month, however often this runs).
     */
    async createBill(
      memberId: number,
      bill: { period: string; billDate: string; dueDate: string },
      before: Date,
      at: Date,
    ): Promise<CreditBillRow | null> {
      return db.transaction(async (tx) => {
        const pending = await this.unbilled(memberId, tx);
        if (pending.orderCount === 0) return null;
        const [created] = await tx
          .insert(creditBill)
          .values({ memberId, ...bill, createdAt: at })
          .onConflictDoNothing({ target: [creditBill.memberId, creditBill.period] })
          .returning();
        if (!created) return null;
        const billed = await tx
          .update(creditOrder)
          .set({ billId: created.id })
          .where(
            and(
              eq(creditOrder.memberId, memberId),
              isNull(creditOrder.billId),
              isNull(creditOrder.refundedAt),
              lt(creditOrder.paidAt, before),
            ),
          )
          .returning({ amount: creditOrder.amountFen });
        if (billed.length === 0) {
          await tx.delete(creditBill).where(eq(creditBill.id, created.id));
          return null;
        }
        const amount = billed.reduce((total, o) => total + o.amount, 0);
        const [row] = await tx
          .update(creditBill)
          .set({ amountFen: amount, orderCount: billed.length })
          .where(eq(creditBill.id, created.id))
          .returning();
        return row!;
      });
    },

    bills(memberId: number, page: PageRequest): Promise<Page<CreditBillRow>> {
      return pagedList(
        db,
        {
          from: creditBill,
          where: eq(creditBill.memberId, memberId),
          orderBy: [desc(creditBill.billDate), desc(creditBill.id)],
        },
        page,
      ) as Promise<Page<CreditBillRow>>;
    },

    async bill(id: number, ex: Executor = db): Promise<CreditBillRow | undefined> {
      const [row] = await ex.select().from(creditBill).where(eq(creditBill.id, id));
      return row;
    },

    async lockBill(tx: Tx, id: number): Promise<CreditBillRow | undefined> {
      const [row] = await tx.select().from(creditBill).where(eq(creditBill.id, id)).for('update');
      return row;
    },

    async updateBill(tx: Tx, id: number, set: Partial<CreditBillRow>) {
      const [row] = await tx.update(creditBill).set(set).where(eq(creditBill.id, id)).returning();
      return row!;
    },

    /**
     * The whole outstanding sum repaid (decision 0065): a conditional update on the bill's
     * state, so a bill is repaid once whatever races; false when it was no longer unpaid with
     * exactly this sum outstanding.
     */
    async repayBillIn(tx: Tx, id: number, amount: number, at: Date): Promise<boolean> {
      const rows = await tx
        .update(creditBill)
        .set({ repaidFen: sql`${creditBill.repaidFen} + ${amount}`, status: 'paid', paidAt: at })
        .where(
          and(
            eq(creditBill.id, id),
            eq(creditBill.status, 'unpaid'),
            sql`${creditBill.amountFen} - ${creditBill.refundedFen} - ${creditBill.repaidFen} = ${amount}`,
          ),
        )
        .returning({ id: creditBill.id });
      return rows.length === 1;
    },

    /** The newest bill not repaid. */
    async currentBill(memberId: number, ex: Executor = db): Promise<CreditBillRow | undefined> {
      const [row] = await ex
        .select()
        .from(creditBill)
        .where(and(eq(creditBill.memberId, memberId), eq(creditBill.status, 'unpaid')))
        .orderBy(desc(creditBill.billDate))
        .limit(1);
      return row;
    },

    /** Whether an unpaid bill of the member was due before `today`. */
    async hasOverdue(memberId: number, today: string, ex: Executor = db): Promise<boolean> {
      const [row] = await ex
        .select({ id: creditBill.id })
        .from(creditBill)
        .where(
          and(
            eq(creditBill.memberId, memberId),
            eq(creditBill.status, 'unpaid'),
            lt(creditBill.dueDate, today),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Unpaid bills due before `today`, the oldest first (at most `limit`). */
    overdueBills(today: string, limit: number): Promise<CreditBillRow[]> {
      return db
        .select()
        .from(creditBill)
        .where(and(eq(creditBill.status, 'unpaid'), lt(creditBill.dueDate, today)))
        .orderBy(asc(creditBill.dueDate), asc(creditBill.id))
        .limit(limit);
    },

    /** Members with an unpaid bill due before `today`. */
    async overdueMembers(today: string): Promise<number[]> {
      const rows = await db
        .selectDistinct({ memberId: creditBill.memberId })
        .from(creditBill)
        .where(and(eq(creditBill.status, 'unpaid'), lt(creditBill.dueDate, today)));
      return rows.map((r) => r.memberId);
    },

    /**
     * Unpaid bills due on `dueDate` not yet reminded this way, marked reminded (each reminder
     * once, whichever instance runs it).
     */
    async takeReminders(
      tx: Tx,
      dueDate: string,
      which: 'before' | 'due',
      at: Date,
    ): Promise<CreditBillRow[]> {
      const column = which === 'before' ? creditBill.remindedBeforeAt : creditBill.remindedDueAt;
      return tx
        .update(creditBill)
        .set(which === 'before' ? { remindedBeforeAt: at } : { remindedDueAt: at })
        .where(
          and(eq(creditBill.status, 'unpaid'), eq(creditBill.dueDate, dueDate), isNull(column)),
        )
        .returning();
    },
  };
}

export type CreditRepository = ReturnType<typeof createCreditRepository>;

/** Finance's side: a review queue on the applications (decision 0041). */
export const createCreditReviewRepository = (db: Db) =>
  createReviewQueueRepository(db, {
    table: creditApply,
    submittedAt: creditApply.updatedAt,
    rejectReason: creditApply.rejectReason,
  });
export type CreditReviewRepository = ReturnType<typeof createCreditReviewRepository>;
