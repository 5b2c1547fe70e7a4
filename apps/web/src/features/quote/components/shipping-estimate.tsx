import { courierLabels, couriers, provinces, type ShippingChoice } from '@pcb/pricing';

interface ShippingEstimateProps {
  /** Null: no destination chosen, the quote carries no 运费 line. */
  value: ShippingChoice | null;
  onChange: (value: ShippingChoice | null) => void;
}

/**
 * 运费估算: the province the boards go to and the courier, so the quote shows the 运费 line
 * (weight × the province's zone) before the order. /fillOrder prices it again with the
 * receiver the member picks there.
 */
export function ShippingEstimate({ value, onChange }: ShippingEstimateProps) {
  return (
    <section className="q-card" aria-label="运费估算">
      <h2 className="q-card-title">运费估算</h2>
      <div className="q-ship">
        <label className="q-ship-field">
          <span className="q-field-label">收货省份</span>
          <select
            className="q-select"
            value={value?.province ?? ''}
            onChange={(event) =>
              onChange(
                event.target.value
                  ? { province: event.target.value, courier: value?.courier ?? 'sf' }
                  : null,
              )
            }
          >
            <option value="">暂不计算运费</option>
            {provinces.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
        <label className="q-ship-field">
          <span className="q-field-label">快递</span>
          <select
            className="q-select"
            value={value?.courier ?? 'sf'}
            disabled={!value}
            onChange={(event) =>
              value &&
              onChange({ ...value, courier: event.target.value as ShippingChoice['courier'] })
            }
          >
            {couriers.map((c) => (
              <option key={c} value={c}>
                {courierLabels[c]}
              </option>
            ))}
          </select>
        </label>
      </div>
    </section>
  );
}
