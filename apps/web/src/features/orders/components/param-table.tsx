import type { OrderKind } from '@pcb/contract/order-life';
import { orderKindRegistry, type FieldSpec } from '@pcb/pricing';

/** A parameter as the quote page showed it: the option's label, else the value. */
function valueText(spec: FieldSpec, value: unknown): string {
  const option = spec.options?.find((o) => o.value === value);
  if (option) return option.label;
  if (typeof value === 'boolean') return value ? '需要' : '不需要';
  return String(value);
}

/** Every parameter the order has, with the quote page's label, in the form's order. */
export default function ParamTable({
  kind,
  params,
}: {
  kind: OrderKind;
  params: Record<string, unknown>;
}) {
  const fields: Record<string, FieldSpec> = orderKindRegistry[kind].fields;
  const rows = Object.entries(fields).filter(([key]) => params[key] !== undefined);
  return (
    <dl className="ol-facts ol-params" data-testid="order-params">
      {rows.map(([key, spec]) => (
        <div key={key}>
          <dt>{spec.label}</dt>
          <dd>{valueText(spec, params[key])}</dd>
        </div>
      ))}
    </dl>
  );
}
