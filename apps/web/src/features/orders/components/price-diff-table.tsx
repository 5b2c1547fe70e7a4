import type { FeeLineView } from '@pcb/contract';
import { yuan } from '@pcb/pricing';
import { diffLines } from '../price-diff';

/** Fee lines before and after a change side by side; what changed stands out. */
export function PriceDiffTable({
  before,
  beforeTotal,
  after,
  afterTotal,
  beforeLabel = '原价',
  afterLabel = '新价',
}: {
  before: FeeLineView[];
  beforeTotal: number;
  after: FeeLineView[];
  afterTotal: number;
  beforeLabel?: string;
  afterLabel?: string;
}) {
  const rows = diffLines(before, after);
  return (
    <table className="ol-diff" data-testid="price-diff">
      <thead>
        <tr>
          <th scope="col">费用</th>
          <th scope="col">{beforeLabel}</th>
          <th scope="col">{afterLabel}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.code} className={row.changed ? 'ol-diff-changed' : undefined}>
            <th scope="row">{row.name}</th>
            <td>{row.before === null ? '—' : yuan(row.before)}</td>
            <td>{row.after === null ? '—' : yuan(row.after)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className={beforeTotal !== afterTotal ? 'ol-diff-changed' : undefined}>
          <th scope="row">合计</th>
          <td data-testid="price-diff-before">{yuan(beforeTotal)}</td>
          <td data-testid="price-diff-after">{yuan(afterTotal)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
