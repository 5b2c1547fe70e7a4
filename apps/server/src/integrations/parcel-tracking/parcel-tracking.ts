import type { ParcelState } from '@pcb/contract';
import type { Courier } from '@pcb/pricing';

/** One step of a parcel's way, as a courier (or our staff) reports it. */
export interface TrackedEvent {
  time: Date;
  /** A city or a depot, when known. */
  place?: string | null;
  text: string;
}

export interface ParcelQuery {
  courier: Courier;
  trackingNo: string;
  /** The receiver's (or sender's) phone: 顺丰 answers only with it. */
  mobile?: string | undefined;
  /** Our order number, for the embedded provider and the logs. */
  orderNo?: string | undefined;
}

export interface TrackedParcel {
  state: ParcelState;
  /** Newest first. */
  events: TrackedEvent[];
}

/**
 * Where a parcel is (Express/GetExpressData): the events staff enter (the embedded default) or
 * a tracking service (Kuaidi100's real-time query) in production.
 */
export interface ParcelTracking {
  readonly provider: 'embedded' | 'kuaidi100';
  query(parcel: ParcelQuery): Promise<TrackedParcel>;
}

/** The provider could not answer (network, refusal, a malformed answer): try again later. */
export class ParcelTrackingError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ParcelTrackingError';
  }
}

/** An event staff entered for a parcel; `state` when they said where it now is. */
export interface RecordedEvent extends TrackedEvent {
  state?: ParcelState | undefined;
}

/**
 * The parcels our staff ship and the events they enter for them: the order module keeps them
 * and implements this; the embedded provider serves them.
 */
export interface ParcelEventSource {
  /** The parcel's events, in any order; none when no such parcel or nothing entered yet. */
  eventsOf(courier: Courier, trackingNo: string): Promise<RecordedEvent[]>;
}

/** Newest first; for equal times, the later in the given order first. */
export const newestFirst = <E extends TrackedEvent>(events: readonly E[]): E[] =>
  events
    .map((event, order) => ({ event, order }))
    .sort((a, b) => b.event.time.getTime() - a.event.time.getTime() || b.order - a.order)
    .map(({ event }) => event);
