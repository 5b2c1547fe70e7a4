import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderOfflinePayment } from './order-lifecycle.table';
import { orders } from './order.table';

/** The bank references finance used for orders' offline payments (decision 0055). */
export interface OfflinePaymentLookup {
  /**
   * The order number each of these references paid (absent: none), on the caller's
   * transaction: a bank line that paid an order must not also be credited to a balance.
   */
  ordersPaidBy: (ex: Executor, bankReferences: readonly string[]) => Promise<Map<string, string>>;
}

export const offlinePaymentLookup: OfflinePaymentLookup = {
  async ordersPaidBy(ex, bankReferences) {
    if (bankReferences.length === 0) return new Map();
    const rows = await ex
      .select({ bankReference: orderOfflinePayment.bankReference, orderNo: orders.orderNo })
      .from(orderOfflinePayment)
      .innerJoin(orders, eq(orders.id, orderOfflinePayment.orderId))
      .where(inArray(orderOfflinePayment.bankReference, [...new Set(bankReferences)]));
    return new Map(rows.map((r) => [r.bankReference, r.orderNo]));
  },
};
