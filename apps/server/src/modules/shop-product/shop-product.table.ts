import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { deliveryStatuses, shopItemKinds } from '@pcb/contract/shop-product';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * What the points shop offers (decision 0074): a coupon of a template, or goods, at a points
 * price, with its stock. An exchange takes one with a conditional update (`stock > 0`), so the
 * stock never goes below zero whatever the races (CHECK too).
 */
export const shopItem = pgTable(
  'shop_item',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: shopItemKinds }).notNull(),
    name: varchar('name', { length: 40 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    pointsPrice: integer('points_price').notNull(),
    stock: integer('stock').notNull(),
    exchanged: integer('exchanged').notNull().default(0),
    templateId: integer('template_id'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('shop_item_kind_ck', sql`${t.kind} IN (${inList(shopItemKinds)})`),
    check(
      'shop_item_numbers_ck',
      sql`${t.pointsPrice} > 0 AND ${t.stock} >= 0 AND ${t.exchanged} >= 0`,
    ),
    check('shop_item_template_ck', sql`(${t.kind} = 'coupon') = (${t.templateId} IS NOT NULL)`),
  ],
);
export type ShopItemRow = typeof shopItem.$inferSelect;

/** The address goods go to, as it was when exchanged. */
export interface DeliveryAddress {
  receiverName: string;
  mobile: string;
  address: string;
}

/**
 * One exchange: once per member and request id (the key), with the points it took and what it
 * gave: the coupon, or a delivery of goods to an address that staff ship.
 */
export const shopExchange = pgTable(
  'shop_exchange',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => shopItem.id),
    requestId: varchar('request_id', { length: 36 }).notNull(),
    kind: text('kind', { enum: shopItemKinds }).notNull(),
    itemName: varchar('item_name', { length: 40 }).notNull(),
    points: integer('points').notNull(),
    couponId: integer('coupon_id'),
    receiver: jsonb('receiver').$type<DeliveryAddress>(),
    status: text('status', { enum: deliveryStatuses }),
    courier: varchar('courier', { length: 20 }),
    trackingNo: varchar('tracking_no', { length: 40 }),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    shippedBy: integer('shipped_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('shop_exchange_request_uq').on(t.memberId, t.requestId),
    index('shop_exchange_member_idx').on(t.memberId, t.id),
    index('shop_exchange_delivery_idx')
      .on(t.status, t.id)
      .where(sql`${t.kind} = 'goods'`),
    check('shop_exchange_points_ck', sql`${t.points} > 0`),
    check(
      'shop_exchange_goods_ck',
      sql`(${t.kind} = 'goods') = (${t.receiver} IS NOT NULL AND ${t.status} IS NOT NULL)`,
    ),
    check(
      'shop_exchange_shipped_ck',
      sql`(${t.status} = 'shipped') = (${t.trackingNo} IS NOT NULL AND ${t.shippedAt} IS NOT NULL)`,
    ),
  ],
);
export type ShopExchangeRow = typeof shopExchange.$inferSelect;
