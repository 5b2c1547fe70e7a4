import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { invoiceTypes, orderKinds, reviewStatuses, type ProfileSnapshot } from '@pcb/contract';

/**
 * A bill (账单, decision 0067): the invoiceable record of one paid order placed with an
 * invoice. Written by the database in the payment's own statement (the trigger
 * `bill_follow_payment` on `order_payment`, hand-written in the migration): inserted when the
 * order is paid, refunded when its payment is. `amount_fen` is what may be invoiced: the total
 * less the gift balance and the coupon. `request_id` is the one request it is in (live or
 * issued): claimed by a conditional update, so a bill is never in two.
 */
export const bill = pgTable(
  'bill',
  {
    orderId: integer('order_id').primaryKey(),
    memberId: integer('member_id').notNull(),
    orderNo: varchar('order_no', { length: 20 }).notNull(),
    orderKind: text('order_kind', { enum: orderKinds }).notNull(),
    invoiceType: text('invoice_type', { enum: invoiceTypes }).notNull(),
    /** The order's profile snapshot: whom it is to be invoiced to. */
    titleType: varchar('title_type', { length: 10 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    taxNumber: varchar('tax_number', { length: 18 }),
    paidFen: integer('paid_fen').notNull(),
    excludedFen: integer('excluded_fen').notNull(),
    amountFen: integer('amount_fen').notNull(),
    refundedFen: integer('refunded_fen').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    requestId: integer('request_id').references(() => invoiceRequest.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('bill_member_paid_idx').on(t.memberId, t.paidAt, t.orderId),
    // The bills a member may still invoice, by type and day: GetList's default tab, the sums.
    index('bill_member_open_idx')
      .on(t.memberId, t.invoiceType, t.paidAt, t.orderId)
      .where(sql`${t.requestId} IS NULL AND ${t.refundedAt} IS NULL AND ${t.amountFen} > 0`),
    index('bill_request_idx')
      .on(t.requestId)
      .where(sql`${t.requestId} IS NOT NULL`),
    check(
      'bill_amounts_ck',
      sql`${t.paidFen} >= 0 AND ${t.excludedFen} >= 0 AND ${t.amountFen} = ${t.paidFen} - ${t.excludedFen}
        AND ${t.refundedFen} = CASE WHEN ${t.refundedAt} IS NULL THEN 0 ELSE ${t.amountFen} END`,
    ),
    check('bill_type_ck', sql`${t.invoiceType} IN ('normal', 'special')`),
  ],
);

export type BillRow = typeof bill.$inferSelect;

/**
 * An invoice request (开票申请, decision 0068): chosen bills of one type with one profile,
 * whose snapshot it keeps. A review queue (decision 0041): pending (待开票) → approved (已开票,
 * with the e-invoice number and PDF) or rejected (with the reason); a pending one may be deleted
 * by its member.
 */
export const invoiceRequest = pgTable(
  'invoice_request',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id').notNull(),
    invoiceType: text('invoice_type', { enum: invoiceTypes }).notNull(),
    profileId: integer('profile_id').notNull(),
    profile: jsonb('profile').$type<ProfileSnapshot>().notNull(),
    totalFen: integer('total_fen').notNull(),
    billCount: integer('bill_count').notNull(),
    status: text('status', { enum: reviewStatuses }).notNull().default('pending'),
    rejectReason: varchar('reject_reason', { length: 200 }),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    invoiceNo: varchar('invoice_no', { length: 20 }),
    pdfKey: varchar('pdf_key', { length: 200 }),
    pdfSource: varchar('pdf_source', { length: 10 }),
    /** A bill of it was refunded after issue: a red-letter invoice is due (红字发票). */
    redLetterAt: timestamp('red_letter_at', { withTimezone: true }),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('invoice_request_member_idx').on(t.memberId, t.createdAt),
    index('invoice_request_status_idx').on(t.status, t.createdAt),
    index('invoice_request_red_letter_idx')
      .on(t.redLetterAt)
      .where(sql`${t.redLetterAt} IS NOT NULL`),
    check('invoice_request_status_ck', sql`${t.status} IN ('pending', 'approved', 'rejected')`),
    check(
      'invoice_request_reason_ck',
      sql`(${t.status} = 'rejected') = (${t.rejectReason} IS NOT NULL)`,
    ),
    check('invoice_request_decided_ck', sql`(${t.status} = 'pending') = (${t.decidedAt} IS NULL)`),
    check(
      'invoice_request_issued_ck',
      sql`(${t.status} = 'approved') = (${t.invoiceNo} IS NOT NULL AND ${t.pdfKey} IS NOT NULL AND ${t.pdfSource} IN ('upload', 'generated'))`,
    ),
    check('invoice_request_total_ck', sql`${t.totalFen} > 0 AND ${t.billCount} > 0`),
    check(
      'invoice_request_red_letter_ck',
      sql`${t.redLetterAt} IS NULL OR ${t.status} = 'approved'`,
    ),
  ],
);

export type InvoiceRequestRow = typeof invoiceRequest.$inferSelect;

/** The bills a request covers, with the amount each had when it was asked. */
export const invoiceRequestBill = pgTable(
  'invoice_request_bill',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => invoiceRequest.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => bill.orderId),
    amountFen: integer('amount_fen').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.orderId] }),
    index('invoice_request_bill_order_idx').on(t.orderId),
    check('invoice_request_bill_amount_ck', sql`${t.amountFen} > 0`),
  ],
);
