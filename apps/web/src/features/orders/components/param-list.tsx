import { useState } from 'react';
import type { OrderKind } from '@pcb/contract/order-life';
import { orderKindRegistry, type FieldSpec } from '@pcb/pricing';

/** A parameter as the quote page showed it: the option's label, else the value. */
function valueText(spec: FieldSpec, value: unknown): string {
  const option = spec.options?.find((o) => o.value === value);
  if (option) return option.label;
  if (typeof value === 'boolean') return value ? '需要' : '不需要';
  return String(value);
}

/** The order's one-line summary, and every parameter with its label on demand. */
export function ParamList({
  kind,
  params,
  paramString,
}: {
  kind: OrderKind;
  params: Record<string, unknown>;
  paramString: string;
}) {
  const [open, setOpen] = useState(false);
  const fields: Record<string, FieldSpec> = orderKindRegistry[kind].fields;
  const rows = Object.entries(fields).filter(([key]) => params[key] !== undefined);
  return (
    <>
      <p className="ol-param-string" data-testid="order-param-string">
        {paramString}
      </p>
      {open && (
        <dl className="ol-facts ol-params" data-testid="order-params">
          {rows.map(([key, spec]) => (
            <div key={key}>
              <dt>{spec.label}</dt>
              <dd>{valueText(spec, params[key])}</dd>
            </div>
          ))}
        </dl>
      )}
      <button
        type="button"
        className="ol-link"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? '收起参数' : '查看全部参数'}
      </button>
    </>
  );
}
