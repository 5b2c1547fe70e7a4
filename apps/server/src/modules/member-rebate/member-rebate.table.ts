import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { couponServiceTypes, couponValidityKinds } from '@pcb/contract';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * What 运营 issues coupons from (decision 0061): a service type, an amount and a minimum order
 * amount in fen, and a validity — a fixed window, or N days from the grant.
 */
export const couponTemplate = pgTable(
  'coupon_template',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 40 }).notNull(),
    serviceType: text('service_type', { enum: couponServiceTypes }).notNull(),
    amountFen: integer('amount_fen').notNull(),
    minOrderFen: integer('min_order_fen').notNull().default(0),
    validityKind: text('validity_kind', { enum: couponValidityKinds }).notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    validDays: integer('valid_days'),
    isActive: boolean('is_active').notNull().default(true),
    /** A demo or seed template's natural key (null for the console's). */
    code: varchar('code', { length: 40 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('coupon_template_code_uq').on(t.code),
    check('coupon_template_service_ck', sql`${t.serviceType} IN (${inList(couponServiceTypes)})`),
    check('coupon_template_amount_ck', sql`${t.amountFen} > 0 AND ${t.minOrderFen} >= 0`),
    check(
      'coupon_template_validity_ck',
      sql`CASE ${t.validityKind}
        WHEN 'fixed' THEN ${t.validFrom} IS NOT NULL AND ${t.validTo} > ${t.validFrom} AND ${t.validDays} IS NULL
        WHEN 'days' THEN ${t.validDays} > 0 AND ${t.validFrom} IS NULL AND ${t.validTo} IS NULL
        ELSE false END`,
    ),
  ],
);
export type CouponTemplateRow = typeof couponTemplate.$inferSelect;

export const couponSources = ['register', 'campaign', 'grant'] as const;

/**
 * A coupon a member holds: the template's terms copied at the grant, with its own window
 * (`valid_to` is the derived expiry). Its state is derived: used while `used_order_id` is set,
 * else expired once `valid_to` has passed, else unused. One coupon per order and an order per
 * coupon: `used_order_id` is unique, and a payment takes a coupon with a conditional update
 * (`WHERE used_order_id IS NULL AND valid_to > now …`), so two payments never both take it.
 */
export const memberCoupon = pgTable(
  'member_coupon',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id').notNull(),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplate.id),
    name: varchar('name', { length: 40 }).notNull(),
    serviceType: text('service_type', { enum: couponServiceTypes }).notNull(),
    amountFen: integer('amount_fen').notNull(),
    minOrderFen: integer('min_order_fen').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    source: text('source', { enum: couponSources }).notNull(),
    /** The campaign claimed, or the staff member who granted it. */
    campaignId: integer('campaign_id'),
    grantedBy: integer('granted_by'),
    usedOrderId: integer('used_order_id'),
    usedOrderNo: varchar('used_order_no', { length: 20 }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * A layout or BOM coupon redeemed (核销) by staff against an offline quote (decision 0066):
     * the quote's reference and amount, what it took off, who. Used without an order.
     */
    redeemedQuote: varchar('redeemed_quote', { length: 40 }),
    redeemedQuoteFen: integer('redeemed_quote_fen'),
    redeemedFen: integer('redeemed_fen'),
    redeemedBy: integer('redeemed_by'),
    /**
     * The online payment this coupon is held for until the provider confirms it (decision
     * 0064): one attempt at a time, never while used (by an order or a quote).
     */
    heldAttemptId: integer('held_attempt_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The member's lists and counts (500 coupons: the pay sheet's list reads this index).
    index('member_coupon_member_idx').on(t.memberId, t.validTo),
    uniqueIndex('member_coupon_used_order_uq')
      .on(t.usedOrderId)
      .where(sql`${t.usedOrderId} IS NOT NULL`),
    check('member_coupon_service_ck', sql`${t.serviceType} IN (${inList(couponServiceTypes)})`),
    check('member_coupon_source_ck', sql`${t.source} IN (${inList(couponSources)})`),
    check(
      'member_coupon_terms_ck',
      sql`${t.amountFen} > 0 AND ${t.minOrderFen} >= 0 AND ${t.validTo} > ${t.validFrom}`,
    ),
    // Used (`used_at`) by exactly one of: an order's payment, an offline quote's redemption.
    check(
      'member_coupon_used_ck',
      sql`(${t.usedAt} IS NULL) = (${t.usedOrderId} IS NULL AND ${t.redeemedQuote} IS NULL)
        AND (${t.usedOrderId} IS NULL OR ${t.redeemedQuote} IS NULL)`,
    ),
    check(
      'member_coupon_redeemed_ck',
      sql`(${t.redeemedQuote} IS NULL) = (${t.redeemedBy} IS NULL)
        AND (${t.redeemedQuote} IS NULL) = (${t.redeemedFen} IS NULL)
        AND (${t.redeemedQuote} IS NULL) = (${t.redeemedQuoteFen} IS NULL)
        AND (${t.redeemedQuote} IS NULL OR (${t.serviceType} IN ('layout', 'bom')
          AND ${t.redeemedFen} > 0 AND ${t.redeemedFen} <= ${t.amountFen}
          AND ${t.redeemedQuoteFen} >= ${t.minOrderFen} AND ${t.redeemedFen} <= ${t.redeemedQuoteFen}))`,
    ),
    uniqueIndex('member_coupon_held_attempt_uq')
      .on(t.heldAttemptId)
      .where(sql`${t.heldAttemptId} IS NOT NULL`),
    check('member_coupon_held_ck', sql`${t.heldAttemptId} IS NULL OR ${t.usedAt} IS NULL`),
  ],
);
export type MemberCouponRow = typeof memberCoupon.$inferSelect;

/**
 * What a coupon took off an order (decision 0061), kept for finance, bills and invoices: one
 * row per paid order (the order is paid at most once); `returned_at` once its cancellation gave
 * the deduction back. The ledger's order payment has the same amount as its coupon leg.
 */
export const couponUse = pgTable(
  'coupon_use',
  {
    orderId: integer('order_id').primaryKey(),
    orderNo: varchar('order_no', { length: 20 }).notNull(),
    memberId: integer('member_id').notNull(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => memberCoupon.id),
    amountFen: integer('amount_fen').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [
    index('coupon_use_member_idx').on(t.memberId, t.usedAt),
    index('coupon_use_used_idx').on(t.usedAt, t.orderId),
    check('coupon_use_amount_ck', sql`${t.amountFen} > 0`),
  ],
);
export type CouponUseRow = typeof couponUse.$inferSelect;

/**
 * A claim-centre campaign (decision 0062): `claimed` never passes `stock` (CHECK; a claim is
 * `UPDATE … SET claimed = claimed + 1 WHERE claimed < stock`).
 */
export const couponCampaign = pgTable(
  'coupon_campaign',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 40 }).notNull(),
    templateId: integer('template_id')
      .notNull()
      .references(() => couponTemplate.id),
    stock: integer('stock').notNull(),
    claimed: integer('claimed').notNull().default(0),
    perMemberLimit: integer('per_member_limit').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    code: varchar('code', { length: 40 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('coupon_campaign_code_uq').on(t.code),
    check(
      'coupon_campaign_stock_ck',
      sql`${t.stock} > 0 AND ${t.claimed} >= 0 AND ${t.claimed} <= ${t.stock}`,
    ),
    check('coupon_campaign_limit_ck', sql`${t.perMemberLimit} > 0`),
    check('coupon_campaign_window_ck', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
export type CouponCampaignRow = typeof couponCampaign.$inferSelect;

/**
 * How many of a campaign one member claimed: the per-member limit's counter, raised with
 * `… ON CONFLICT DO UPDATE SET claimed = claimed + 1 WHERE claimed < limit` and checked again
 * by the CHECK (the limit is copied so the database can hold it).
 */
export const couponCampaignClaim = pgTable(
  'coupon_campaign_claim',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => couponCampaign.id),
    memberId: integer('member_id').notNull(),
    claimed: integer('claimed').notNull(),
    memberLimit: integer('member_limit').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.memberId] }),
    check('coupon_campaign_claim_ck', sql`${t.claimed} > 0 AND ${t.claimed} <= ${t.memberLimit}`),
  ],
);

/** The registration bundle's contents (decision 0062): a template and how many of it. */
export const couponBundleItem = pgTable(
  'coupon_bundle_item',
  {
    templateId: integer('template_id')
      .primaryKey()
      .references(() => couponTemplate.id),
    quantity: integer('quantity').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [check('coupon_bundle_item_quantity_ck', sql`${t.quantity} BETWEEN 1 AND 10`)],
);

/** The registration bundle received: once per member (its primary key). */
export const couponRegisterReceipt = pgTable('coupon_register_receipt', {
  memberId: integer('member_id').primaryKey(),
  count: integer('count').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
});

/** A template's terms as a member coupon copies them. */
export type NewMemberCouponTerms = Pick<
  typeof memberCoupon.$inferInsert,
  | 'templateId'
  | 'name'
  | 'serviceType'
  | 'amountFen'
  | 'minOrderFen'
  | 'validFrom'
  | 'validTo'
  | 'createdAt'
>;
