import { lazy, Suspense, useState } from 'react';
import type { OrderKind } from '@pcb/contract/order-life';

// Every kind's labels and options (the pricing registry's field tables) load when the member
// asks for the parameters.
const ParamTable = lazy(() => import('./param-table'));

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
  return (
    <>
      <p className="ol-param-string" data-testid="order-param-string">
        {paramString}
      </p>
      {open && (
        <Suspense fallback={<p className="ol-hint">加载中…</p>}>
          <ParamTable kind={kind} params={params} />
        </Suspense>
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
