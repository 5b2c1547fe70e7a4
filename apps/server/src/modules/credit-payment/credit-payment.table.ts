import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { reviewStatuses } from '@pcb/contract';

/**
 * A member's credit application (月结, decision 0059): one row per member, resubmitted after a
 * rejection, final once approved — the approval names the limit and the billing day.
 */
export const creditApply = pgTable(
  'credit_apply',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id').notNull(),
    companyName: varchar('company_name', { length: 128 }).notNull(),
    contactName: varchar('contact_name', { length: 32 }).notNull(),
    contactPhone: varchar('contact_phone', { length: 20 }).notNull(),
    expectedMonthlyFen: integer('expected_monthly_fen').notNull(),
    remark: varchar('remark', { length: 200 }),
    status: text('status', { enum: reviewStatuses }).notNull().default('pending'),
    rejectReason: varchar('reject_reason', { length: 200 }),
    limitFen: integer('limit_fen'),
    billingDay: integer('billing_day'),
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /**
     * A limit lowered below what is in use (decision 0066): the part of the cut the available
     * credit could not give yet. New credit payments are refused while it is above zero; it is
     * taken from the credit the member repays.
     */
    limitCutFen: integer('limit_cut_fen').notNull().default(0),
    /** Raised by each change of the line: the conditional update's guard and the ledger ref's. */
    lineVersion: integer('line_version').notNull().default(0),
    /** Finance stopped credit payments (with the reason the member reads) until resumed. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendReason: varchar('suspend_reason', { length: 200 }),
    suspendedBy: integer('suspended_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('credit_apply_member_uq').on(t.memberId),
    index('credit_apply_status_idx').on(t.status, t.updatedAt),
    // The bill job's members: approved lines by billing day.
    index('credit_apply_billing_idx')
      .on(t.billingDay, t.memberId)
      .where(sql`${t.status} = 'approved'`),
    check('credit_apply_status_ck', sql`${t.status} IN ('pending', 'approved', 'rejected')`),
    check(
      'credit_apply_reason_ck',
      sql`(${t.status} = 'rejected') = (${t.rejectReason} IS NOT NULL)`,
    ),
    check('credit_apply_decided_ck', sql`(${t.status} = 'pending') = (${t.decidedAt} IS NULL)`),
    check(
      'credit_apply_line_ck',
      sql`(${t.status} = 'approved') = (${t.limitFen} IS NOT NULL AND ${t.billingDay} IS NOT NULL)
        AND (${t.limitFen} IS NULL OR ${t.limitFen} > 0)
        AND (${t.billingDay} IS NULL OR ${t.billingDay} BETWEEN 1 AND 28)`,
    ),
    check('credit_apply_expected_ck', sql`${t.expectedMonthlyFen} > 0`),
    check(
      'credit_apply_cut_ck',
      sql`${t.limitCutFen} >= 0 AND (${t.limitCutFen} = 0 OR ${t.status} = 'approved')`,
    ),
    check(
      'credit_apply_suspend_ck',
      sql`(${t.suspendedAt} IS NULL) = (${t.suspendReason} IS NULL)
        AND (${t.suspendedAt} IS NULL OR ${t.status} = 'approved')`,
    ),
  ],
);
export type CreditApplyRow = typeof creditApply.$inferSelect;

/** The mobiles allowed to approve a member's credit payments (payImpower). */
export const creditMobile = pgTable(
  'credit_mobile',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id').notNull(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('credit_mobile_member_mobile_uq').on(t.memberId, t.mobile)],
);
export type CreditMobileRow = typeof creditMobile.$inferSelect;

export const creditBillStatuses = ['unpaid', 'paid'] as const;

/**
 * A monthly bill (decision 0060): the credit payments before its billing date not billed
 * before. One per member and month (its unique key): the job run twice makes one bill.
 */
export const creditBill = pgTable(
  'credit_bill',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id').notNull(),
    period: varchar('period', { length: 7 }).notNull(),
    billDate: date('bill_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountFen: integer('amount_fen').notNull().default(0),
    refundedFen: integer('refunded_fen').notNull().default(0),
    repaidFen: integer('repaid_fen').notNull().default(0),
    orderCount: integer('order_count').notNull().default(0),
    status: text('status', { enum: creditBillStatuses }).notNull().default('unpaid'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The reminders sent: before the due date, on it (each once). */
    remindedBeforeAt: timestamp('reminded_before_at', { withTimezone: true }),
    remindedDueAt: timestamp('reminded_due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('credit_bill_member_period_uq').on(t.memberId, t.period),
    index('credit_bill_unpaid_idx')
      .on(t.dueDate, t.memberId)
      .where(sql`${t.status} = 'unpaid'`),
    check('credit_bill_status_ck', sql`${t.status} IN ('unpaid', 'paid')`),
    check(
      'credit_bill_amounts_ck',
      sql`${t.amountFen} >= 0 AND ${t.refundedFen} >= 0 AND ${t.repaidFen} >= 0
        AND ${t.refundedFen} + ${t.repaidFen} <= ${t.amountFen}`,
    ),
    check(
      'credit_bill_paid_ck',
      sql`(${t.status} = 'paid') = (${t.paidAt} IS NOT NULL)
        AND (${t.status} <> 'paid' OR ${t.repaidFen} + ${t.refundedFen} = ${t.amountFen})`,
    ),
  ],
);
export type CreditBillRow = typeof creditBill.$inferSelect;

/** An order paid on credit: billed once (`bill_id`), given back once (`refunded_at`). */
export const creditOrder = pgTable(
  'credit_order',
  {
    orderId: integer('order_id').primaryKey(),
    memberId: integer('member_id').notNull(),
    orderNo: varchar('order_no', { length: 20 }),
    amountFen: integer('amount_fen').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    billId: integer('bill_id').references(() => creditBill.id),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    index('credit_order_unbilled_idx')
      .on(t.memberId, t.paidAt)
      .where(sql`${t.billId} IS NULL`),
    index('credit_order_bill_idx').on(t.billId),
    check('credit_order_amount_ck', sql`${t.amountFen} >= 0`),
  ],
);
export type CreditOrderRow = typeof creditOrder.$inferSelect;
