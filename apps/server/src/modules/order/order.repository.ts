import { and, asc, count, desc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import type { OrderKind, OrderStatus } from '@pcb/contract';
import type { Db, Executor, Tx } from '../../db/client';
import { pagedList, type PageRequest } from '../../db/paged-list';
import {
  orderListColumns,
  orderNumberCounter,
  orderProcess,
  orders,
  type OrderListRow,
  type OrderProcessRow,
  type OrderRow,
} from './order.table';

export type NewOrder = Omit<
  typeof orders.$inferInsert,
  'id' | 'orderNo' | 'status' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'statusChangedAt'
>;

export interface OrderFilter {
  kind?: OrderKind;
  status?: OrderStatus;
  /** More conditions (the desk's work queue, a day range). */
  where?: SQL | undefined;
  /** An order number's prefix, or the ids of the members a keyword found. */
  orderNoPrefix?: string;
  memberIds?: number[];
}

export function createOrderRepository(db: Db) {
  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    async findByRequest(
      memberId: number,
      requestId: string,
      ex: Executor = db,
    ): Promise<OrderRow | undefined> {
      const [row] = await ex
        .select()
        .from(orders)
        .where(and(eq(orders.memberId, memberId), eq(orders.requestId, requestId)));
      return row;
    },

    async find(id: number): Promise<OrderRow | undefined> {
      const [row] = await db.select().from(orders).where(eq(orders.id, id));
      return row;
    },

    /** The next number of a prefix and day, atomically (the counter row's upsert). */
    async nextSequence(tx: Tx, prefix: string, day: string): Promise<number> {
      const [row] = await tx
        .insert(orderNumberCounter)
        .values({ prefix, day, n: 1 })
        .onConflictDoUpdate({
          target: [orderNumberCounter.prefix, orderNumberCounter.day],
          set: { n: sql`${orderNumberCounter.n} + 1` },
        })
        .returning({ n: orderNumberCounter.n });
      return row!.n;
    },

    /** Undefined when the member's request id is already an order (a retry). */
    async insert(
      tx: Tx,
      values: NewOrder & { orderNo: string },
      at: Date,
    ): Promise<OrderRow | undefined> {
      const [row] = await tx
        .insert(orders)
        .values({
          ...values,
          status: 'pendingReview',
          createdAt: at,
          updatedAt: at,
          statusChangedAt: at,
        })
        .onConflictDoNothing({ target: [orders.memberId, orders.requestId] })
        .returning();
      return row;
    },

    async logProcess(tx: Tx, values: Omit<typeof orderProcess.$inferInsert, 'id'>): Promise<void> {
      await tx.insert(orderProcess).values(values);
    },

    async processOf(orderId: number): Promise<OrderProcessRow[]> {
      return db
        .select()
        .from(orderProcess)
        .where(eq(orderProcess.orderId, orderId))
        .orderBy(asc(orderProcess.id));
    },

    /**
     * New orders (pending review) oldest first, the way they are worked through; else newest.
     * Deep pages find their ids in an index first (`key`): the desk's archive is 600,000 orders.
     */
    async list(filter: OrderFilter, page: PageRequest) {
      const oldestFirst = filter.status === 'pendingReview';
      return pagedList<OrderListRow>(
        db,
        {
          from: orders,
          fields: orderListColumns,
          where: whereOf(filter),
          key: orders.id,
          countUpTo: DESK_COUNT_UP_TO,
          orderBy: [
            oldestFirst ? asc(orders.createdAt) : desc(orders.createdAt),
            oldestFirst ? asc(orders.id) : desc(orders.id),
          ],
        },
        page,
      );
    },

    /** How many orders the filter finds in each of `statuses` (the desk's chips). */
    async countByStatus(
      filter: OrderFilter,
      statuses: readonly OrderStatus[],
    ): Promise<{ status: OrderStatus; n: number }[]> {
      return db
        .select({ status: orders.status, n: count() })
        .from(orders)
        .where(and(whereOf(filter), inArray(orders.status, [...statuses])))
        .groupBy(orders.status);
    },
  };
}

/**
 * The desk counts a filter's orders up to this many (then 10000+): 已完成 or 全部 over the
 * archive match ~600,000 orders, and counting them cost 50–350 ms a page (decision 0070).
 */
export const DESK_COUNT_UP_TO = 10_000;

/** The conditions of the desk's filters: one place for the list and its counts. */
function whereOf(filter: OrderFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [sql`${orders.deletedAt} IS NULL`];
  if (filter.kind) conditions.push(eq(orders.kind, filter.kind));
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.where) conditions.push(filter.where);
  if (filter.orderNoPrefix !== undefined || filter.memberIds !== undefined) {
    conditions.push(
      or(
        filter.orderNoPrefix ? like(orders.orderNo, `${filter.orderNoPrefix}%`) : undefined,
        filter.memberIds?.length ? inArray(orders.memberId, filter.memberIds) : undefined,
        sql`FALSE`,
      ),
    );
  }
  return and(...conditions);
}

export type OrderRepository = ReturnType<typeof createOrderRepository>;
