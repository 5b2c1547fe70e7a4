import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import type { PaymentLaunch } from '../../integrations/payment/payment-provider';
import {
  moneyRequest,
  orderPayment,
  paymentAttempt,
  paymentRefund,
  type MoneyRequestRow,
  type OrderPaymentRow,
  type PaymentAttemptRow,
  type PaymentRefundRow,
} from './payment.table';

/** Queries of the payment module's own tables (attempts, order payments, refunds, requests). */
export function createPaymentRepository(db: Db) {
  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    // ---- Online payment attempts ----

    async attemptByOutTradeNo(outTradeNo: string, ex: Executor = db) {
      const [row] = await ex
        .select()
        .from(paymentAttempt)
        .where(eq(paymentAttempt.outTradeNo, outTradeNo));
      return row ?? null;
    },

    async attempt(id: number, ex: Executor = db) {
      const [row] = await ex.select().from(paymentAttempt).where(eq(paymentAttempt.id, id));
      return row ?? null;
    },

    async lockAttempt(tx: Tx, id: number): Promise<PaymentAttemptRow | null> {
      const [row] = await tx
        .select()
        .from(paymentAttempt)
        .where(eq(paymentAttempt.id, id))
        .for('update');
      return row ?? null;
    },

    /** The order's open attempts, locked. */
    async lockOpenAttempts(tx: Tx, orderId: number): Promise<PaymentAttemptRow[]> {
      return tx
        .select()
        .from(paymentAttempt)
        .where(and(eq(paymentAttempt.orderId, orderId), eq(paymentAttempt.status, 'open')))
        .orderBy(asc(paymentAttempt.id))
        .for('update');
    },

    /** The bill's open repayments, locked (decision 0065). */
    async lockOpenBillAttempts(tx: Tx, billId: number): Promise<PaymentAttemptRow[]> {
      return tx
        .select()
        .from(paymentAttempt)
        .where(and(eq(paymentAttempt.billId, billId), eq(paymentAttempt.status, 'open')))
        .orderBy(asc(paymentAttempt.id))
        .for('update');
    },

    async insertAttempt(tx: Tx, values: typeof paymentAttempt.$inferInsert) {
      const [row] = await tx.insert(paymentAttempt).values(values).returning();
      return row!;
    },

    async updateAttempt(
      ex: Executor,
      id: number,
      set: Partial<typeof paymentAttempt.$inferInsert>,
    ) {
      const [row] = await ex
        .update(paymentAttempt)
        .set(set)
        .where(eq(paymentAttempt.id, id))
        .returning();
      return row!;
    },

    /** Keeps the provider's answer to create (a retried request hands the same one out). */
    async setLaunch(id: number, launch: PaymentLaunch) {
      await db.update(paymentAttempt).set({ launch }).where(eq(paymentAttempt.id, id));
    },

    /** Keeps the first launch an attempt gets (two calls at once): the one kept is answered. */
    async keepFirstLaunch(id: number, launch: PaymentLaunch): Promise<PaymentLaunch> {
      const [set] = await db
        .update(paymentAttempt)
        .set({ launch })
        .where(and(eq(paymentAttempt.id, id), isNull(paymentAttempt.launch)))
        .returning({ launch: paymentAttempt.launch });
      if (set?.launch) return set.launch;
      const [kept] = await db
        .select({ launch: paymentAttempt.launch })
        .from(paymentAttempt)
        .where(eq(paymentAttempt.id, id));
      return kept?.launch ?? launch;
    },

    /** Open attempts whose time is up (the expiry job's net). */
    async expiredOpen(before: Date, limit: number) {
      return db
        .select({ id: paymentAttempt.id })
        .from(paymentAttempt)
        .where(and(eq(paymentAttempt.status, 'open'), lte(paymentAttempt.expiresAt, before)))
        .orderBy(asc(paymentAttempt.expiresAt))
        .limit(limit);
    },

    // ---- How orders were paid ----

    async orderPayment(orderId: number, ex: Executor = db): Promise<OrderPaymentRow | null> {
      const [row] = await ex.select().from(orderPayment).where(eq(orderPayment.orderId, orderId));
      return row ?? null;
    },

    async lockOrderPayment(tx: Tx, orderId: number): Promise<OrderPaymentRow | null> {
      const [row] = await tx
        .select()
        .from(orderPayment)
        .where(eq(orderPayment.orderId, orderId))
        .for('update');
      return row ?? null;
    },

    async insertOrderPayment(tx: Tx, values: typeof orderPayment.$inferInsert) {
      await tx.insert(orderPayment).values(values);
    },

    /** Marks the payment refunded; false when it already was (the refund happens once). */
    async markRefunded(tx: Tx, orderId: number, at: Date): Promise<boolean> {
      const rows = await tx
        .update(orderPayment)
        .set({ refundedAt: at })
        .where(and(eq(orderPayment.orderId, orderId), isNull(orderPayment.refundedAt)))
        .returning({ orderId: orderPayment.orderId });
      return rows.length === 1;
    },

    // ---- Provider refunds ----

    async insertRefund(tx: Tx, values: typeof paymentRefund.$inferInsert) {
      const [row] = await tx.insert(paymentRefund).values(values).returning();
      return row!;
    },

    async refund(id: number, ex: Executor = db): Promise<PaymentRefundRow | null> {
      const [row] = await ex.select().from(paymentRefund).where(eq(paymentRefund.id, id));
      return row ?? null;
    },

    async refundByOutRefundNo(outRefundNo: string) {
      const [row] = await db
        .select()
        .from(paymentRefund)
        .where(eq(paymentRefund.outRefundNo, outRefundNo));
      return row ?? null;
    },

    async refundOfAttempt(attemptId: number, ex: Executor = db) {
      const [row] = await ex
        .select()
        .from(paymentRefund)
        .where(eq(paymentRefund.attemptId, attemptId));
      return row ?? null;
    },

    async lockRefund(tx: Tx, id: number): Promise<PaymentRefundRow | null> {
      const [row] = await tx
        .select()
        .from(paymentRefund)
        .where(eq(paymentRefund.id, id))
        .for('update');
      return row ?? null;
    },

    async updateRefund(ex: Executor, id: number, set: Partial<typeof paymentRefund.$inferInsert>) {
      await ex.update(paymentRefund).set(set).where(eq(paymentRefund.id, id));
    },

    /** Pending refunds not looked at since `before` (the poll's net). */
    async pendingRefunds(before: Date, limit: number) {
      return db
        .select({ id: paymentRefund.id })
        .from(paymentRefund)
        .where(
          and(
            eq(paymentRefund.status, 'pending'),
            or(isNull(paymentRefund.submittedAt), lt(paymentRefund.submittedAt, before)),
          ),
        )
        .orderBy(asc(paymentRefund.createdAt))
        .limit(limit);
    },

    // ---- Request ids ----

    async request(memberId: number, requestId: string): Promise<MoneyRequestRow | null> {
      const [row] = await db
        .select()
        .from(moneyRequest)
        .where(and(eq(moneyRequest.memberId, memberId), eq(moneyRequest.requestId, requestId)));
      return row ?? null;
    },

    /**
     * Takes the request id in the call's transaction; false when another call has it (this
     * waits until that call's transaction ends, so its answer can then be read).
     */
    async claimRequest(tx: Tx, values: typeof moneyRequest.$inferInsert): Promise<boolean> {
      const rows = await tx
        .insert(moneyRequest)
        .values(values)
        .onConflictDoNothing()
        .returning({ memberId: moneyRequest.memberId });
      return rows.length === 1;
    },

    async completeRequest(
      key: { memberId: number; requestId: string },
      set: { response?: unknown; attemptId?: number },
      ex: Executor = db,
    ) {
      await ex
        .update(moneyRequest)
        .set(set)
        .where(
          and(eq(moneyRequest.memberId, key.memberId), eq(moneyRequest.requestId, key.requestId)),
        );
    },

    /** Forgets a request whose online payment could not be started: a retry starts afresh. */
    async dropRequest(key: { memberId: number; requestId: string }, ex: Executor = db) {
      await ex
        .delete(moneyRequest)
        .where(
          and(
            eq(moneyRequest.memberId, key.memberId),
            eq(moneyRequest.requestId, key.requestId),
            sql`${moneyRequest.response} IS NULL`,
          ),
        );
    },
  };
}

export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
