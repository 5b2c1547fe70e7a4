import {
  and,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { BillState, InvoiceType, OrderKind, ReviewStatus } from '@pcb/contract';
import type { Db, Executor, Tx } from '../../db/client';
import { pagedList, type PageRequest } from '../../db/paged-list';
import { createReviewQueueRepository } from '../../db/review-queue';
import { bill, invoiceRequest, invoiceRequestBill, type BillRow } from './bill.table';

export interface BillFilterValues {
  invoiceType?: InvoiceType | undefined;
  orderKind?: OrderKind | undefined;
  state?: BillState | undefined;
  start?: string | undefined;
  end?: string | undefined;
  keyword?: string | undefined;
}

const isOpen = and(isNull(bill.requestId), isNull(bill.refundedAt), sql`${bill.amountFen} > 0`);
const requestStatus = (status: ReviewStatus) =>
  sql`EXISTS (SELECT 1 FROM ${invoiceRequest} WHERE ${invoiceRequest.id} = ${bill.requestId} AND ${invoiceRequest.status} = ${status})`;

const chinaDay = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** The member's bills matching a filter (the state's condition on the bill's own columns). */
export function billWhere(memberId: number, f: BillFilterValues): SQL {
  const conditions: (SQL | undefined)[] = [eq(bill.memberId, memberId)];
  if (f.invoiceType) conditions.push(eq(bill.invoiceType, f.invoiceType));
  if (f.orderKind) conditions.push(eq(bill.orderKind, f.orderKind));
  if (f.start) conditions.push(gte(bill.paidAt, chinaDay(f.start)));
  if (f.end) conditions.push(lt(bill.paidAt, new Date(chinaDay(f.end).getTime() + 86_400_000)));
  if (f.keyword) conditions.push(ilike(bill.orderNo, `${f.keyword.replace(/[%_\\]/g, '')}%`));
  switch (f.state) {
    case 'open':
      conditions.push(isOpen);
      break;
    case 'requested':
      conditions.push(isNull(bill.refundedAt), isNotNull(bill.requestId), requestStatus('pending'));
      break;
    case 'invoiced':
      conditions.push(
        isNull(bill.refundedAt),
        isNotNull(bill.requestId),
        requestStatus('approved'),
      );
      break;
    case 'refunded':
      conditions.push(isNotNull(bill.refundedAt));
      break;
  }
  return and(...conditions)!;
}

export type BillWithStatus = BillRow & { requestStatus: ReviewStatus | null };

export function createBillRepository(db: Db) {
  const review = createReviewQueueRepository(db, {
    table: invoiceRequest,
    submittedAt: invoiceRequest.createdAt,
    rejectReason: invoiceRequest.rejectReason,
  });

  return {
    review,

    /** Newest payment first. */
    async list(memberId: number, filter: BillFilterValues, page: PageRequest) {
      return pagedList<BillWithStatus>(
        db,
        {
          from: bill,
          fields: {
            orderId: bill.orderId,
            memberId: bill.memberId,
            orderNo: bill.orderNo,
            orderKind: bill.orderKind,
            invoiceType: bill.invoiceType,
            titleType: bill.titleType,
            title: bill.title,
            taxNumber: bill.taxNumber,
            paidFen: bill.paidFen,
            excludedFen: bill.excludedFen,
            amountFen: bill.amountFen,
            refundedFen: bill.refundedFen,
            paidAt: bill.paidAt,
            refundedAt: bill.refundedAt,
            requestId: bill.requestId,
            requestStatus: sql<ReviewStatus | null>`(SELECT ${invoiceRequest.status} FROM ${invoiceRequest} WHERE ${invoiceRequest.id} = ${bill.requestId})`,
          },
          where: billWhere(memberId, filter),
          orderBy: [desc(bill.paidAt), desc(bill.orderId)],
        },
        page,
      );
    },

    /** The invoiceable sum and count of the member's bills matching the filter (and ids). */
    async total(memberId: number, filter: BillFilterValues, ids?: number[]) {
      const where = and(
        billWhere(memberId, { ...filter, state: 'open' }),
        ids ? inArray(bill.orderId, ids.length > 0 ? ids : [0]) : undefined,
      );
      const [row] = await db
        .select({
          total: sql<string>`coalesce(sum(${bill.amountFen}), 0)::text`,
          count: sql<number>`count(*)::int`,
        })
        .from(bill)
        .where(where);
      return { total: Number(row?.total ?? 0), count: row?.count ?? 0 };
    },

    /** The member's bills of these ids (another member's are not found), each with its request's status. */
    async owned(ex: Executor, memberId: number, ids: number[]): Promise<BillWithStatus[]> {
      if (ids.length === 0) return [];
      return ex
        .select({
          orderId: bill.orderId,
          memberId: bill.memberId,
          orderNo: bill.orderNo,
          orderKind: bill.orderKind,
          invoiceType: bill.invoiceType,
          titleType: bill.titleType,
          title: bill.title,
          taxNumber: bill.taxNumber,
          paidFen: bill.paidFen,
          excludedFen: bill.excludedFen,
          amountFen: bill.amountFen,
          refundedFen: bill.refundedFen,
          paidAt: bill.paidAt,
          refundedAt: bill.refundedAt,
          requestId: bill.requestId,
          requestStatus: sql<ReviewStatus | null>`(SELECT ${invoiceRequest.status} FROM ${invoiceRequest} WHERE ${invoiceRequest.id} = ${bill.requestId})`,
        })
        .from(bill)
        .where(and(eq(bill.memberId, memberId), inArray(bill.orderId, ids)))
        .orderBy(bill.orderId);
    },

    /**
     * Claims the bills for a request: one conditional update, which takes each bill only while
     * it is in no request and not refunded. Answers the ids taken; fewer than asked means
     * another request (or a refund) got one first, and the caller rolls back.
     */
    async claim(tx: Tx, memberId: number, ids: number[], requestId: number): Promise<number[]> {
      const rows = await tx
        .update(bill)
        .set({ requestId })
        .where(
          and(
            eq(bill.memberId, memberId),
            inArray(bill.orderId, ids),
            isNull(bill.requestId),
            isNull(bill.refundedAt),
            sql`${bill.amountFen} > 0`,
          ),
        )
        .returning({ id: bill.orderId });
      return rows.map((r) => r.id);
    },

    /** Frees a request's bills (rejected, deleted). */
    async release(tx: Tx, requestId: number): Promise<void> {
      await tx.update(bill).set({ requestId: null }).where(eq(bill.requestId, requestId));
    },

    async insertRequest(tx: Tx, values: typeof invoiceRequest.$inferInsert) {
      const [row] = await tx.insert(invoiceRequest).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    async insertLines(tx: Tx, requestId: number, lines: { orderId: number; amountFen: number }[]) {
      await tx.insert(invoiceRequestBill).values(lines.map((l) => ({ requestId, ...l })));
    },

    async findRequest(memberId: number, id: number) {
      const [row] = await db
        .select()
        .from(invoiceRequest)
        .where(and(eq(invoiceRequest.id, id), eq(invoiceRequest.memberId, memberId)));
      return row;
    },

    async requests(memberId: number, status: ReviewStatus | undefined, page: PageRequest) {
      return pagedList(
        db,
        {
          from: invoiceRequest,
          where: and(
            eq(invoiceRequest.memberId, memberId),
            status ? eq(invoiceRequest.status, status) : undefined,
          ),
          orderBy: [desc(invoiceRequest.createdAt), desc(invoiceRequest.id)],
        },
        page,
      );
    },

    /** A request's bills with the amounts asked, and whether each has been refunded since. */
    async lines(ex: Executor, requestId: number) {
      return ex
        .select({
          id: invoiceRequestBill.orderId,
          orderNo: bill.orderNo,
          amount: invoiceRequestBill.amountFen,
          refunded: sql<boolean>`${bill.refundedAt} IS NOT NULL`,
        })
        .from(invoiceRequestBill)
        .innerJoin(bill, eq(bill.orderId, invoiceRequestBill.orderId))
        .where(eq(invoiceRequestBill.requestId, requestId))
        .orderBy(invoiceRequestBill.orderId);
    },

    /** Which of these requests have a bill refunded (finance rejects those still pending). */
    async withRefundedBill(ids: number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ id: invoiceRequestBill.requestId })
        .from(invoiceRequestBill)
        .innerJoin(bill, eq(bill.orderId, invoiceRequestBill.orderId))
        .where(and(inArray(invoiceRequestBill.requestId, ids), isNotNull(bill.refundedAt)));
      return new Set(rows.map((r) => r.id));
    },

    /** Deletes the member's request while it is pending (its lines go with it, its bills are freed). */
    async deletePending(tx: Tx, memberId: number, id: number): Promise<boolean> {
      await tx
        .update(bill)
        .set({ requestId: null })
        .where(
          and(
            eq(bill.requestId, id),
            sql`EXISTS (SELECT 1 FROM ${invoiceRequest} WHERE ${invoiceRequest.id} = ${id} AND ${invoiceRequest.memberId} = ${memberId} AND ${invoiceRequest.status} = 'pending')`,
          ),
        );
      const rows = await tx
        .delete(invoiceRequest)
        .where(
          and(
            eq(invoiceRequest.id, id),
            eq(invoiceRequest.memberId, memberId),
            eq(invoiceRequest.status, 'pending'),
          ),
        )
        .returning({ id: invoiceRequest.id });
      return rows.length === 1;
    },

    async setIssued(
      tx: Tx,
      id: number,
      values: { invoiceNo: string; pdfKey: string; pdfSource: 'upload' | 'generated' },
    ) {
      await tx.update(invoiceRequest).set(values).where(eq(invoiceRequest.id, id));
    },

    async markMailed(id: number, at: Date) {
      await db.update(invoiceRequest).set({ mailedAt: at }).where(eq(invoiceRequest.id, id));
    },

    async redLetters(page: PageRequest) {
      return pagedList(
        db,
        {
          from: invoiceRequest,
          where: isNotNull(invoiceRequest.redLetterAt),
          orderBy: [desc(invoiceRequest.redLetterAt), desc(invoiceRequest.id)],
        },
        page,
      );
    },
  };
}

export type BillRepository = ReturnType<typeof createBillRepository>;
