import { yuan, type BuildTime, type BuildTimeOption } from '@pcb/pricing';

interface BuildTimeCompareProps {
  options: BuildTimeOption[];
  selected: BuildTime;
  onSelect: (buildTime: BuildTime) => void;
}

const dayText = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;

/** Standard and every rush tier side by side: price, working days and the promised date. */
export function BuildTimeCompare({ options, selected, onSelect }: BuildTimeCompareProps) {
  if (options.length === 0) return null;
  return (
    <section className="q-card" aria-label="交期">
      <h2 className="q-card-title">交期（标准与加急对比）</h2>
      <div className="q-times" role="radiogroup" aria-label="交期">
        {options.map((option) => (
          <button
            key={option.buildTime}
            type="button"
            role="radio"
            aria-checked={option.buildTime === selected}
            disabled={!option.available}
            className="q-time"
            onClick={() => onSelect(option.buildTime)}
          >
            <span className="q-time-label">{option.label}</span>
            {option.available ? (
              <>
                <span className="q-time-price">{yuan(option.total ?? 0)}</span>
                <span className="q-muted">
                  {option.shipDate ? `${dayText(option.shipDate)}发货` : ''}
                  {option.buildDays !== undefined ? `（${option.buildDays}个工作日）` : ''}
                </span>
              </>
            ) : (
              <span className="q-muted">{option.reason}</span>
            )}
          </button>
        ))}
      </div>
    </section>
  );
}
