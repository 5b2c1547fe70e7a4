import type { FeeLineView } from '@pcb/contract';
import { yuan } from '@pcb/pricing';

/** The order's fee lines with why each costs what it does, and the total. */
export function FeeLines({ lines, total }: { lines: FeeLineView[]; total: number }) {
  return (
    <>
      <ul className="ol-lines" data-testid="order-lines">
        {lines.map((line) => (
          <li key={line.code}>
            <span className="ol-line-head">
              <span>{line.name}</span>
              <span>{yuan(line.amount)}</span>
            </span>
            {line.reason && <span className="ol-hint">{line.reason}</span>}
          </li>
        ))}
      </ul>
      <p className="ol-total-row">
        合计 <strong className="ol-price">{yuan(total)}</strong>
      </p>
    </>
  );
}
