import {
  orderActions,
  orderStatusNames,
  type OrderAction,
  type TimelineEntry,
} from '@pcb/contract';
import { formatDateTime } from '../../../lib/date';

interface StepView {
  step: string;
  name: string;
  doneAt: string | null;
}

/** What a timeline entry says happened: the action's name from the lifecycle table. */
function entryTitle(entry: TimelineEntry): string {
  if (entry.action === 'place') return '提交订单';
  const rule = (orderActions as Record<string, { label: string } | undefined>)[entry.action];
  return rule?.label ?? orderStatusNames[entry.toStatus];
}

// Recorded steps are listed under 生产中 with their dates; parcels have their own screen.
const shownElsewhere: readonly string[] = ['recordStep', 'addParcelEvent'] satisfies OrderAction[];

/**
 * The order's life, oldest first: each change with its date, who made it and the note; the
 * production steps under the move into 生产中, done ones with their date, the rest to come.
 */
export default function OrderTimeline({
  timeline,
  steps,
}: {
  timeline: TimelineEntry[];
  steps: StepView[];
}) {
  const entries = timeline.filter((e) => !shownElsewhere.includes(e.action));
  const productionAt = entries.findIndex(
    (e) => e.toStatus === 'inProduction' && e.fromStatus !== 'inProduction',
  );
  const last = entries.length - 1;
  return (
    <ol className="ol-timeline" data-testid="order-timeline">
      {entries.map((entry, i) => (
        <li
          key={`${entry.at}-${i}`}
          className={`ol-tl-item${i === last ? ' ol-tl-current' : ''}`}
          data-testid="timeline-entry"
        >
          <div className="ol-tl-head">
            <span className="ol-tl-title">{entryTitle(entry)}</span>
            {entry.fromStatus !== entry.toStatus && (
              <span className="ol-tl-status">{orderStatusNames[entry.toStatus]}</span>
            )}
          </div>
          <div className="ol-hint">
            {formatDateTime(entry.at)} · {entry.actor}
          </div>
          {entry.note && <div className="ol-tl-note">{entry.note}</div>}
          {i === productionAt && steps.length > 0 && (
            <ol className="ol-steps" aria-label="生产工序" data-testid="production-steps">
              {steps.map((s) => (
                <li
                  key={s.step}
                  className={s.doneAt ? 'ol-step-done' : 'ol-step-todo'}
                  data-testid="production-step"
                >
                  <span>{s.name}</span>
                  <span className="ol-hint">{s.doneAt ? formatDateTime(s.doneAt) : '待完成'}</span>
                </li>
              ))}
            </ol>
          )}
        </li>
      ))}
    </ol>
  );
}
