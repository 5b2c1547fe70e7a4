import { newestFirst, type ParcelEventSource, type ParcelTracking } from './parcel-tracking';

/**
 * The default provider: the events our staff enter for a parcel (the order module's). The
 * parcel's state is the newest event that states one, else on its way once anything is
 * entered, else not known yet.
 */
export function createEmbeddedTracking(source: ParcelEventSource): ParcelTracking {
  return {
    provider: 'embedded',
    async query({ courier, trackingNo }) {
      const events = newestFirst(await source.eventsOf(courier, trackingNo));
      const stated = events.find((event) => event.state !== undefined)?.state;
      return {
        state: stated ?? (events.length > 0 ? 'inTransit' : 'unknown'),
        events: events.map(({ time, place, text }) => ({ time, place: place ?? null, text })),
      };
    },
  };
}
