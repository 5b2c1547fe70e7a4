import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Courier } from '@pcb/pricing';
import type { Db } from '../../db/client';
import type { ParcelRecords } from '../express/express.module';
import { orderParcel, orderParcelEvent } from './order-lifecycle.table';
import { orders } from './order.table';

/**
 * The parcels staff shipped, as shipment tracking reads them: whose they are (the member's own
 * order, not deleted) and the events staff entered, which the embedded provider serves.
 */
export function createOrderParcelRecords(db: Db): ParcelRecords {
  return {
    async isMemberParcel(memberId, orderNo, expressNo) {
      const [row] = await db
        .select({ id: orderParcel.id })
        .from(orderParcel)
        .innerJoin(orders, eq(orders.id, orderParcel.orderId))
        .where(
          and(
            eq(orders.memberId, memberId),
            eq(orders.orderNo, orderNo),
            isNull(orders.deletedAt),
            eq(orderParcel.trackingNo, expressNo),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async eventsOf(courier: Courier, trackingNo: string) {
      const rows = await db
        .select({
          at: orderParcelEvent.at,
          place: orderParcelEvent.place,
          text: orderParcelEvent.text,
        })
        .from(orderParcelEvent)
        .innerJoin(orderParcel, eq(orderParcel.id, orderParcelEvent.parcelId))
        .where(and(eq(orderParcel.courier, courier), eq(orderParcel.trackingNo, trackingNo)))
        .orderBy(asc(orderParcelEvent.at), asc(orderParcelEvent.id));
      return rows.map((r) => ({ time: r.at, place: r.place || null, text: r.text }));
    },
  };
}
