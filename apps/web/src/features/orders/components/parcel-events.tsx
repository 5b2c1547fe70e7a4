import { formatDateTime } from '../../../lib/date';

export interface ParcelEventView {
  at: string;
  place: string | null;
  text: string;
}

/** A parcel's events, newest first: the newest stands out. */
export function ParcelEvents({ events }: { events: ParcelEventView[] }) {
  if (events.length === 0) return <p className="ol-hint">暂无物流记录，请稍后再查</p>;
  return (
    <ol className="ol-events" data-testid="parcel-events">
      {events.map((e, i) => (
        <li key={`${e.at}-${i}`} className={i === 0 ? 'ol-event-latest' : undefined}>
          <span className="ol-event-text">
            {e.place ? `【${e.place}】` : ''}
            {e.text}
          </span>
          <span className="ol-hint">{formatDateTime(e.at)}</span>
        </li>
      ))}
    </ol>
  );
}
