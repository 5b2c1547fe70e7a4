import { createEmbeddedTracking } from '../../integrations/parcel-tracking/embedded-tracking';
import type { ParcelEventSource } from '../../integrations/parcel-tracking/parcel-tracking';
import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import { registerExpressRoutes } from './express.routes';
import { createExpressService, type ParcelOwnership } from './express.service';

export type { ParcelOwnership } from './express.service';
export type {
  ParcelEventSource,
  RecordedEvent,
} from '../../integrations/parcel-tracking/parcel-tracking';

/** What the module that keeps parcels (the order module) gives tracking: owners and events. */
export type ParcelRecords = ParcelOwnership & ParcelEventSource;

/**
 * Shipment tracking (Express): the member's own parcels, from the tracking service the
 * platform selects (Kuaidi100) or, by default, from the events staff enter. `parcelsOf` picks
 * the parcel records out of the modules listed above this one.
 */
export const createExpressModule = <D>(parcelsOf: (modules: D) => ParcelRecords) =>
  appModule({
    // 顺丰 shows a track to whoever knows the receiver's phone: it stays out of request logs.
    redactQuery: ['mobile'],
    create: (
      { parcelTracking, logError }: Pick<Platform, 'parcelTracking' | 'logError'>,
      modules: D,
    ) => {
      const parcels = parcelsOf(modules);
      const express = createExpressService({
        ownership: parcels,
        tracking: parcelTracking ?? createEmbeddedTracking(parcels),
        onProviderError: logError('parcel tracking query failed'),
      });
      return { routes: (route) => registerExpressRoutes(route, express) };
    },
  });
