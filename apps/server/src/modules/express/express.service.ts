import {
  PARCEL_NOT_FOUND_MESSAGE,
  parcelStateNames,
  TRACKING_UNAVAILABLE_MESSAGE,
  type ParcelTrack,
} from '@pcb/contract';
import type { Courier } from '@pcb/pricing';
import { courierLabels } from '@pcb/pricing';
import { AppError } from '../../http/errors';
import {
  ParcelTrackingError,
  type ParcelTracking,
} from '../../integrations/parcel-tracking/parcel-tracking';

/** Whose parcels are whose: the order module, which keeps the parcels of each order, answers. */
export interface ParcelOwnership {
  /** True when `expressNo` is a parcel of the member's order `orderNo`. */
  isMemberParcel(memberId: number, orderNo: string, expressNo: string): Promise<boolean>;
}

export interface ExpressQuery {
  orderNo: string;
  expressNo: string;
  expressType: Courier;
  mobile?: string | undefined;
}

/**
 * Tracking of a member's own parcels: a parcel of another member's order, or of none, is
 * "not found" alike, before any provider is asked (so nobody spends our quota on strangers'
 * numbers). A provider that cannot answer is 503 with a retry hint; the cause goes to the log.
 */
export function createExpressService(deps: {
  ownership: ParcelOwnership;
  tracking: ParcelTracking;
  onProviderError: (err: unknown) => void;
}) {
  return {
    async getExpressData(memberId: number, query: ExpressQuery): Promise<ParcelTrack> {
      const { orderNo, expressNo, expressType } = query;
      if (!(await deps.ownership.isMemberParcel(memberId, orderNo, expressNo))) {
        throw new AppError(404, PARCEL_NOT_FOUND_MESSAGE);
      }
      let parcel;
      try {
        parcel = await deps.tracking.query({
          courier: expressType,
          trackingNo: expressNo,
          mobile: query.mobile || undefined,
          orderNo,
        });
      } catch (error) {
        if (!(error instanceof ParcelTrackingError)) throw error;
        deps.onProviderError(error);
        throw new AppError(503, TRACKING_UNAVAILABLE_MESSAGE, { retryAfterSeconds: 60 });
      }
      return {
        orderNo,
        expressNo,
        expressType,
        courierName: courierLabels[expressType],
        state: parcel.state,
        stateName: parcelStateNames[parcel.state],
        events: parcel.events.map((event) => ({
          time: event.time.toISOString(),
          place: event.place ?? null,
          text: event.text,
        })),
      };
    },
  };
}

export type ExpressService = ReturnType<typeof createExpressService>;
