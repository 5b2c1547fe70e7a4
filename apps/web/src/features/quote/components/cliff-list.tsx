import { yuan, type PriceCliff } from '@pcb/pricing';

interface CliffListProps {
  cliffs: PriceCliff[];
  onApply: (cliff: PriceCliff) => void;
}

/** The engine's sentence, which states the saving once, with that amount set off. */
function CliffMessage({ cliff }: { cliff: PriceCliff }) {
  const saving = yuan(cliff.saving);
  const at = cliff.message.lastIndexOf(saving);
  if (at < 0) return <p>{cliff.message}</p>;
  return (
    <p>
      {cliff.message.slice(0, at)}
      <span className="q-saving">{saving}</span>
      {cliff.message.slice(at + saving.length)}
    </p>
  );
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
            <CliffMessage cliff={cliff} />
            <button type="button" className="q-small-button" onClick={() => onApply(cliff)}>
              改用（{yuan(cliff.total)}）
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
