import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { orderKinds, orderStatuses } from '@pcb/contract';
import type { FeeLine, MemberPerkOption } from '@pcb/pricing';

/** What the order was shipped to and who is called, as they were when it was placed. */
export interface ReceiverSnapshot {
  receiverId: number;
  receiverName: string;
  mobile: string;
  regionCode: string;
  province: string;
  city: string;
  county: string;
  address: string;
  postcode: string | null;
  company: string | null;
}
export interface ContactSnapshot {
  contactId: number;
  contactName: string;
  mobile: string;
  email: string | null;
}
export interface InvoiceSnapshot {
  invoiceProfileId: number;
  invoiceType: string;
  titleType: string;
  title: string;
  taxNumber: string | null;
  registeredAddress: string | null;
  registeredPhone: string | null;
  bankName: string | null;
  bankAccount: string | null;
  email: string;
}

/**
 * PCB, SMT and stencil orders in one table (decision 0028). The price is the server's own
 * (`lines`, `total`, `sheet_version`); the parameters are kept as the engine reads them. The
 * lifecycle (decision 0042) moves `status` with conditional updates and logs each move in
 * `order_process`; what its rules read besides the status (a pending price change, open and
 * answered questions, packed) is kept on the row, under the row's lock, so a list shows each
 * order's buttons without another query.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderNo: varchar('order_no', { length: 20 }).notNull().unique(),
    kind: text('kind', { enum: orderKinds }).notNull(),
    /** The member (no foreign key across modules). */
    memberId: integer('member_id').notNull(),
    status: text('status', { enum: orderStatuses }).notNull().default('pendingReview'),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    paramString: varchar('param_string', { length: 400 }).notNull(),
    sheetVersion: integer('sheet_version').notNull(),
    lines: jsonb('lines').$type<FeeLine[]>().notNull(),
    /** Fen. */
    total: integer('total').notNull(),
    buildDays: integer('build_days').notNull(),
    /** Asia/Shanghai, as promised when placed. */
    shipDate: date('ship_date', { mode: 'string' }),
    weightGrams: integer('weight_grams').notNull(),
    courier: varchar('courier', { length: 20 }).notNull(),
    invoice: varchar('invoice', { length: 20 }).notNull(),
    receiver: jsonb('receiver').$type<ReceiverSnapshot>().notNull(),
    contact: jsonb('contact').$type<ContactSnapshot>(),
    invoiceProfile: jsonb('invoice_profile').$type<InvoiceSnapshot>(),
    fileKey: varchar('file_key', { length: 512 }).notNull(),
    fileName: varchar('file_name', { length: 120 }).notNull(),
    remark: varchar('remark', { length: 500 }),
    /**
     * The member's grade perks when the order was placed (decision 0071): an edit is priced
     * with them again, so a later grade change never changes a placed order. Null: none.
     */
    memberPerk: jsonb('member_perk').$type<MemberPerkOption>(),
    /** The page's uuid for this submission: a retry finds the order instead of placing another. */
    requestId: varchar('request_id', { length: 36 }).notNull(),
    /**
     * SHA-256 of what the request asked for (kind, parameters, receiver, file, …): the request
     * id names this one submission, and a reuse for anything else is refused (decision 0034).
     * Null on orders placed before it was kept.
     */
    requestDigest: varchar('request_digest', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** When `status` last changed (待确认 overdue after 24 hours). */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moves with every change of what was ordered (parameters, file, receiver, price). */
    revision: integer('revision').notNull().default(0),
    cancelReason: varchar('cancel_reason', { length: 200 }),
    /** The order this one repeats (返单). */
    reorderOf: integer('reorder_of'),
    /** The price change waiting for the member (`order_price_change`), if any. */
    pendingPriceChangeId: integer('pending_price_change_id'),
    /** Engineering questions not answered yet. */
    openEqCount: integer('open_eq_count').notNull().default(0),
    /** Answered questions the engineer's next review has not read yet. */
    answeredEqCount: integer('answered_eq_count').notNull().default(0),
    /** When 包装 was recorded: shipping needs it, a receiver change is refused after it. */
    packedAt: timestamp('packed_at', { withTimezone: true }),
    /**
     * When the first production step was recorded: the member may cancel a paid order only
     * before it (decision 0051).
     */
    productionStartedAt: timestamp('production_started_at', { withTimezone: true }),
    /**
     * When an unpaid order will be cancelled, as the reminder told the member; null until the
     * reminder of this stay in 待付款 was sent (decision 0048).
     */
    autoCancelAt: timestamp('auto_cancel_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_member_request_uq').on(t.memberId, t.requestId),
    index('orders_member_idx').on(t.memberId, t.createdAt),
    index('orders_status_idx').on(t.status, t.createdAt),
    // The member's lists: one kind, by status or all, newest first; and the status counts.
    index('orders_member_kind_status_idx')
      .on(t.memberId, t.kind, t.status, t.createdAt, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('orders_member_kind_created_idx')
      .on(t.memberId, t.kind, t.createdAt, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    // The desk: a kind and a status, a day range, an order number's start, the work queues.
    index('orders_kind_status_idx')
      .on(t.kind, t.status, t.createdAt, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('orders_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('orders_order_no_prefix_idx').on(t.orderNo.op('varchar_pattern_ops')),
    index('orders_status_changed_idx')
      .on(t.status, t.statusChangedAt)
      .where(sql`${t.deletedAt} IS NULL`),
    index('orders_status_ship_date_idx')
      .on(t.status, t.shipDate)
      .where(sql`${t.deletedAt} IS NULL`),
    check('orders_revision_ck', sql`${t.revision} >= 0`),
    check('orders_eq_counts_ck', sql`${t.openEqCount} >= 0 AND ${t.answeredEqCount} >= 0`),
    check('orders_cancel_reason_ck', sql`${t.cancelReason} IS NULL OR ${t.status} = 'cancelled'`),
    // Only 待确认 waits for the member.
    check(
      'orders_waiting_ck',
      sql`(${t.pendingPriceChangeId} IS NULL AND ${t.openEqCount} = 0) OR ${t.status} = 'awaitingConfirmation'`,
    ),
    check(
      'orders_auto_cancel_ck',
      sql`${t.autoCancelAt} IS NULL OR ${t.status} = 'awaitingPayment'`,
    ),
    check('orders_kind_ck', sql`${t.kind} IN ('pcb', 'smt', 'stencil')`),
    check(
      'orders_status_ck',
      sql`${t.status} IN ('pendingReview', 'awaitingConfirmation', 'awaitingPayment', 'inProduction', 'shipped', 'completed', 'cancelled')`,
    ),
    check('orders_total_ck', sql`${t.total} >= 0`),
    check('orders_build_days_ck', sql`${t.buildDays} >= 0`),
    check('orders_weight_ck', sql`${t.weightGrams} >= 0`),
    check('orders_invoice_ck', sql`${t.invoice} IN ('none', 'vatPlain', 'vatSpecial')`),
    check(
      'orders_invoice_profile_ck',
      sql`(${t.invoice} = 'none') = (${t.invoiceProfile} IS NULL)`,
    ),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

/**
 * What a row of a list shows (the member's lists, the staff desk) and what its buttons depend
 * on: no parameters, fee lines, receiver or other JSON. A list of 20 whole rows is about 38 KB
 * of JSON that PostgreSQL writes out and Node parses back for nothing (issue 19, measured on
 * 1,000,000 orders by the bench, decision 0049).
 */
export const orderListColumns = {
  id: orders.id,
  orderNo: orders.orderNo,
  kind: orders.kind,
  memberId: orders.memberId,
  status: orders.status,
  paramString: orders.paramString,
  sheetVersion: orders.sheetVersion,
  total: orders.total,
  shipDate: orders.shipDate,
  fileName: orders.fileName,
  createdAt: orders.createdAt,
  pendingPriceChangeId: orders.pendingPriceChangeId,
  openEqCount: orders.openEqCount,
  answeredEqCount: orders.answeredEqCount,
  packedAt: orders.packedAt,
  productionStartedAt: orders.productionStartedAt,
};
export type OrderListRow = Pick<OrderRow, keyof typeof orderListColumns>;

/** Every status change of an order: who, when, from, to, note (product decisions §2). */
export const orderProcess = pgTable(
  'order_process',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** Null for the placement itself. */
    fromStatus: text('from_status', { enum: orderStatuses }),
    toStatus: text('to_status', { enum: orderStatuses }).notNull(),
    note: varchar('note', { length: 500 }),
    /** The lifecycle action (`orderActions` of the contract), `place` for the placement. */
    action: varchar('action', { length: 30 }).notNull().default('place'),
    /** Who moved it, as shown: `会员`, `系统`, or a staff member's name. */
    actor: varchar('actor', { length: 60 }).notNull(),
    actorStaffId: integer('actor_staff_id'),
    /** The member who acted: the order's, or the main member acting in it while switched. */
    actorMemberId: integer('actor_member_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('order_process_order_idx').on(t.orderId, t.id)],
);

export type OrderProcessRow = typeof orderProcess.$inferSelect;

/** The last sequence number of each prefix and day (Asia/Shanghai): `P20261126` + `0001`. */
export const orderNumberCounter = pgTable(
  'order_number_counter',
  {
    prefix: varchar('prefix', { length: 1 }).notNull(),
    day: varchar('day', { length: 8 }).notNull(),
    n: integer('n').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.prefix, t.day] }),
    check('order_number_counter_n_ck', sql`${t.n} >= 1`),
  ],
);
