import { Express } from '@pcb/contract/express';
import { couriers, type Courier } from '@pcb/pricing';
import { useEndpointQuery } from '../../../lib/api';

const isCourier = (value: string): value is Courier =>
  (couriers as readonly string[]).includes(value);

/**
 * A parcel's events from its courier (`Express/GetExpressData`, cached by the server for a few
 * minutes); idle for a courier the tracking provider does not know.
 */
export function useExpressData(parcel: {
  orderNo: string;
  courier: string;
  trackingNo: string;
  mobile: string | undefined;
}) {
  const known = isCourier(parcel.courier);
  return useEndpointQuery(
    Express.GetExpressData,
    {
      orderNo: parcel.orderNo,
      expressNo: parcel.trackingNo,
      expressType: (known ? parcel.courier : couriers[0]) as Courier,
      ...(parcel.mobile ? { mobile: parcel.mobile } : {}),
    },
    { enabled: known },
  );
}
