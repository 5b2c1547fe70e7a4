import { and, count, eq, gte, isNull, lt, ne, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from './order.table';

/**
 * How many orders a member placed in `[from, to)` and their total (fen), cancelled ones left
 * out: what a credit application shows to support the amount it asks (decision 0059).
 */
export const createMemberOrderTotals =
  (db: Db) =>
  async (memberId: number, from: Date, to: Date): Promise<{ number: number; amount: number }> => {
    const [row] = await db
      .select({ number: count(), amount: sum(orders.total) })
      .from(orders)
      .where(
        and(
          eq(orders.memberId, memberId),
          gte(orders.createdAt, from),
          lt(orders.createdAt, to),
          ne(orders.status, 'cancelled'),
          isNull(orders.deletedAt),
        ),
      );
    return { number: row?.number ?? 0, amount: Number(row?.amount ?? 0) };
  };
