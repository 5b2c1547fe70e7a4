import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { eqStatuses, priceChangeStatuses, productionStepCodes } from '@pcb/contract';
import type { FeeLine } from '@pcb/pricing';
import { orders } from './order.table';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A price the engineer set after review (decision 0042): the lines and total before and after
 * and why. At most one waits for the member per order; accepting it replaces the order's price.
 */
export const orderPriceChange = pgTable(
  'order_price_change',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    status: text('status', { enum: priceChangeStatuses }).notNull().default('pending'),
    oldLines: jsonb('old_lines').$type<FeeLine[]>().notNull(),
    oldTotal: integer('old_total').notNull(),
    newLines: jsonb('new_lines').$type<FeeLine[]>().notNull(),
    newTotal: integer('new_total').notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    staffId: integer('staff_id').notNull(),
    staffName: varchar('staff_name', { length: 60 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The member's reason when refusing. */
    decisionNote: varchar('decision_note', { length: 200 }),
  },
  (t) => [
    index('order_price_change_order_idx').on(t.orderId, t.id),
    uniqueIndex('order_price_change_pending_uq')
      .on(t.orderId)
      .where(sql`${t.status} = 'pending'`),
    check('order_price_change_status_ck', sql`${t.status} IN (${inList(priceChangeStatuses)})`),
    check('order_price_change_totals_ck', sql`${t.oldTotal} >= 0 AND ${t.newTotal} >= 0`),
    check(
      'order_price_change_decided_ck',
      sql`(${t.status} = 'pending') = (${t.decidedAt} IS NULL)`,
    ),
  ],
);
export type OrderPriceChangeRow = typeof orderPriceChange.$inferSelect;

/** Engineering questions (EQ): raised by an engineer on an order, answered by its member. */
export const orderEq = pgTable(
  'order_eq',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The order's member, kept here so "my open questions" needs no join. */
    memberId: integer('member_id').notNull(),
    question: varchar('question', { length: 1000 }).notNull(),
    /** Upload keys of the staff's images. */
    images: jsonb('images').$type<string[]>().notNull(),
    options: jsonb('options').$type<string[]>().notNull(),
    status: text('status', { enum: eqStatuses }).notNull().default('open'),
    staffId: integer('staff_id').notNull(),
    staffName: varchar('staff_name', { length: 60 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    answerChoice: varchar('answer_choice', { length: 200 }),
    answerText: varchar('answer_text', { length: 1000 }),
    /** Upload keys of the member's images. */
    answerImages: jsonb('answer_images').$type<string[]>(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Who answered: the member, or the main member acting in the account. */
    answeredByMemberId: integer('answered_by_member_id'),
  },
  (t) => [
    index('order_eq_order_idx').on(t.orderId, t.id),
    index('order_eq_member_status_idx').on(t.memberId, t.status, t.id),
    check('order_eq_status_ck', sql`${t.status} IN (${inList(eqStatuses)})`),
    check(
      'order_eq_answer_ck',
      sql`(${t.status} IN ('answered', 'resolved')) = (${t.answeredAt} IS NOT NULL)`,
    ),
  ],
);
export type OrderEqRow = typeof orderEq.$inferSelect;

/** The production steps recorded for an order: each once, in the kind's order. */
export const orderProductionStep = pgTable(
  'order_production_step',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    step: varchar('step', { length: 30 }).notNull(),
    /** When it was done, as staff entered it. */
    doneAt: timestamp('done_at', { withTimezone: true }).notNull(),
    staffId: integer('staff_id').notNull(),
    staffName: varchar('staff_name', { length: 60 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('order_production_step_uq').on(t.orderId, t.step),
    check('order_production_step_step_ck', sql`${t.step} IN (${inList(productionStepCodes)})`),
  ],
);
export type OrderProductionStepRow = typeof orderProductionStep.$inferSelect;

/** A parcel an order was shipped in; a tracking number is one parcel's, once. */
export const orderParcel = pgTable(
  'order_parcel',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    courier: varchar('courier', { length: 20 }).notNull(),
    trackingNo: varchar('tracking_no', { length: 40 }).notNull(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }).notNull(),
    staffId: integer('staff_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('order_parcel_order_idx').on(t.orderId, t.id),
    uniqueIndex('order_parcel_tracking_uq').on(t.courier, t.trackingNo),
  ],
);
export type OrderParcelRow = typeof orderParcel.$inferSelect;

/** What happened to a parcel on its way (time, place, text), as staff entered it. */
export const orderParcelEvent = pgTable(
  'order_parcel_event',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    parcelId: integer('parcel_id')
      .notNull()
      .references(() => orderParcel.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    place: varchar('place', { length: 60 }).notNull(),
    text: varchar('text', { length: 200 }).notNull(),
    staffId: integer('staff_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('order_parcel_event_parcel_idx').on(t.parcelId, t.at)],
);
export type OrderParcelEventRow = typeof orderParcelEvent.$inferSelect;

/**
 * An offline payment finance recorded (a company transfer received): an order is paid at most
 * once, a bank reference credits at most one order.
 */
export const orderOfflinePayment = pgTable(
  'order_offline_payment',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** Fen: equal to the order's total when recorded. */
    amount: integer('amount').notNull(),
    bankReference: varchar('bank_reference', { length: 64 }).notNull(),
    payerName: varchar('payer_name', { length: 100 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    note: varchar('note', { length: 200 }),
    staffId: integer('staff_id').notNull(),
    staffName: varchar('staff_name', { length: 60 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('order_offline_payment_order_uq').on(t.orderId),
    uniqueIndex('order_offline_payment_reference_uq').on(t.bankReference),
    check('order_offline_payment_amount_ck', sql`${t.amount} > 0`),
  ],
);
export type OrderOfflinePaymentRow = typeof orderOfflinePayment.$inferSelect;
