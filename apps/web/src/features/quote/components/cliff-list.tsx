import { yuan, type PriceCliff } from '@pcb/pricing';

interface CliffListProps {
  cliffs: PriceCliff[];
  onApply: (cliff: PriceCliff) => void;
}

/** Beyond the peers: the price cliff this board sits just past, and the cheaper choice near it. */
export function CliffList({ cliffs, onApply }: CliffListProps) {
  if (cliffs.length === 0) return null;
  return (
    <section className="q-card q-cliffs" aria-label="省钱建议">
      <h2 className="q-card-title">省钱建议</h2>
      <ul>
        {cliffs.map((cliff) => (
          <li key={cliff.kind}>
            <p>
              {cliff.message}
              <span className="q-saving">，省{yuan(cliff.saving)}</span>
            </p>
            <button type="button" className="q-small-button" onClick={() => onApply(cliff)}>
              改用（{yuan(cliff.total)}）
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
