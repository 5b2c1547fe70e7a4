import type { OrderKind } from '@pcb/contract/order-life';
import { paths } from './paths';

// The quote page is its own entry and imports no zod: the kinds are named here, not taken from
// the contract's schema.
const quoteKinds: readonly OrderKind[] = ['pcb', 'smt', 'stencil'];
const KIND_PARAM = 'kind';

/** The quote page opened on a kind's tab (`/OrdersPCB?kind=smt`); always a full page load. */
export const quoteLink = (kind: OrderKind): string => `${paths.ordersPcb}?${KIND_PARAM}=${kind}`;

/** The tab a quote page address asks for (`?kind=`), if it names one. */
export function quoteKindOf(search: string): OrderKind | null {
  const asked = new URLSearchParams(search).get(KIND_PARAM);
  return quoteKinds.find((kind) => kind === asked) ?? null;
}

/** The same address with `?kind=` naming this tab (other parameters kept). */
export function withQuoteKind(search: string, kind: OrderKind): string {
  const params = new URLSearchParams(search);
  params.set(KIND_PARAM, kind);
  return `${paths.ordersPcb}?${params.toString()}`;
}
