import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pagedList, type Page, type PageRequest } from '../../db/paged-list';
import {
  shopExchange,
  shopItem,
  type ShopExchangeRow,
  type ShopItemRow,
} from './shop-product.table';

/** Shop items and exchanges: queries only. */
export function createShopProductRepository(db: Db) {
  return {
    db,

    activeItems(kind: ShopItemRow['kind'] | undefined, page: PageRequest) {
      return pagedList(
        db,
        {
          from: shopItem,
          where: and(eq(shopItem.isActive, true), kind ? eq(shopItem.kind, kind) : undefined),
          orderBy: [desc(shopItem.id)],
        },
        page,
      );
    },

    allItems(): Promise<ShopItemRow[]> {
      return db.select().from(shopItem).orderBy(desc(shopItem.id));
    },

    async item(id: number, ex: Db | Tx = db): Promise<ShopItemRow | null> {
      const [row] = await ex.select().from(shopItem).where(eq(shopItem.id, id));
      return row ?? null;
    },

    async insertItem(tx: Tx, values: typeof shopItem.$inferInsert) {
      const [row] = await tx.insert(shopItem).values(values).returning();
      return row!;
    },

    async setItem(tx: Tx, id: number, values: { pointsPrice: number; isActive: boolean }) {
      const [row] = await tx.update(shopItem).set(values).where(eq(shopItem.id, id)).returning();
      return row ?? null;
    },

    /** Stock moved by `quantity`, never below zero; null when it would be (or no item). */
    async addStock(tx: Tx, id: number, quantity: number) {
      const [row] = await tx
        .update(shopItem)
        .set({ stock: sql`${shopItem.stock} + ${quantity}` })
        .where(and(eq(shopItem.id, id), sql`${shopItem.stock} + ${quantity} >= 0`))
        .returning();
      return row ?? null;
    },

    /** One of the item's stock taken for an exchange; null when sold out, off sale or absent. */
    async takeOne(tx: Tx, id: number): Promise<ShopItemRow | null> {
      const [row] = await tx
        .update(shopItem)
        .set({
          stock: sql`${shopItem.stock} - 1`,
          exchanged: sql`${shopItem.exchanged} + 1`,
        })
        .where(and(eq(shopItem.id, id), eq(shopItem.isActive, true), gt(shopItem.stock, 0)))
        .returning();
      return row ?? null;
    },

    /** The exchange, or null when this member's request id was already used. */
    async insertExchange(tx: Tx, values: typeof shopExchange.$inferInsert) {
      const [row] = await tx.insert(shopExchange).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async setCoupon(tx: Tx, id: number, couponId: number) {
      await tx.update(shopExchange).set({ couponId }).where(eq(shopExchange.id, id));
    },

    async exchangeByRequest(memberId: number, requestId: string): Promise<ShopExchangeRow | null> {
      const [row] = await db
        .select()
        .from(shopExchange)
        .where(and(eq(shopExchange.memberId, memberId), eq(shopExchange.requestId, requestId)));
      return row ?? null;
    },

    exchanges(memberId: number, page: PageRequest): Promise<Page<ShopExchangeRow>> {
      return pagedList(
        db,
        {
          from: shopExchange,
          where: eq(shopExchange.memberId, memberId),
          orderBy: [desc(shopExchange.id)],
        },
        page,
      );
    },

    deliveries(status: 'pending' | 'shipped' | undefined, page: PageRequest) {
      return pagedList(
        db,
        {
          from: shopExchange,
          where: and(
            eq(shopExchange.kind, 'goods'),
            status ? eq(shopExchange.status, status) : undefined,
          ),
          orderBy: [asc(shopExchange.status), desc(shopExchange.id)],
        },
        page,
      );
    },

    async ship(
      tx: Tx,
      id: number,
      values: { courier: string; trackingNo: string; shippedAt: Date; shippedBy: number },
    ) {
      const [row] = await tx
        .update(shopExchange)
        .set({ ...values, status: 'shipped' })
        .where(
          and(
            eq(shopExchange.id, id),
            eq(shopExchange.kind, 'goods'),
            eq(shopExchange.status, 'pending'),
          ),
        )
        .returning();
      return row ?? null;
    },
  };
}
export type ShopProductRepository = ReturnType<typeof createShopProductRepository>;
