import { createHash } from 'node:crypto';
import { parcelStates, type ParcelState } from '@pcb/contract';
import type { EphemeralStore } from '../store/store';
import type { ParcelQuery, ParcelTracking, TrackedParcel } from './parcel-tracking';

/** How long a tracking service's answer is reused: its rate limits, and parcels move slowly. */
export const TRACKING_CACHE_MS = 5 * 60_000;

interface Cached {
  state: ParcelState;
  events: { time: string; place: string | null; text: string }[];
}

/** The same parcel asked with another phone may answer otherwise; the phone is only hashed. */
function keyOf(provider: string, parcel: ParcelQuery): string {
  const phone = parcel.mobile
    ? createHash('sha256').update(parcel.mobile).digest('base64url').slice(0, 16)
    : '-';
  return `parcel-track:${provider}:${parcel.courier}:${parcel.trackingNo}:${phone}`;
}

function revive(raw: string | null): TrackedParcel | null {
  if (!raw) return null;
  try {
    const cached = JSON.parse(raw) as Cached;
    if (!(parcelStates as readonly string[]).includes(cached.state)) return null;
    return {
      state: cached.state,
      events: cached.events.map((e) => ({ time: new Date(e.time), place: e.place, text: e.text })),
    };
  } catch {
    return null;
  }
}

/**
 * A tracking service's answers kept for a few minutes in the ephemeral store (shared by every
 * instance), so members reopening a parcel do not spend the service's quota. Failures are not
 * kept: the next call asks again.
 */
export function cachedTracking(
  tracking: ParcelTracking,
  store: Pick<EphemeralStore, 'get' | 'set'>,
  ttlMs = TRACKING_CACHE_MS,
): ParcelTracking {
  return {
    provider: tracking.provider,
    async query(parcel) {
      const key = keyOf(tracking.provider, parcel);
      const hit = revive(await store.get(key));
      if (hit) return hit;
      const answer = await tracking.query(parcel);
      const value: Cached = {
        state: answer.state,
        events: answer.events.map((e) => ({
          time: e.time.toISOString(),
          place: e.place ?? null,
          text: e.text,
        })),
      };
      await store.set(key, JSON.stringify(value), ttlMs);
      return answer;
    },
  };
}
