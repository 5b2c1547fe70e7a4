// The kinds of order and the words every screen names them by: the first columns of the
// registry (order-kinds.ts), apart so that a screen which only lists or names orders bundles
// a few hundred bytes instead of every kind's field table and defaults (decision 0012).

/** The kinds of order, in the order the quote page's tabs show them. */
export const orderKinds = ['pcb', 'smt', 'stencil'] as const;
export type OrderKind = (typeof orderKinds)[number];

export const isOrderKind = (value: unknown): value is OrderKind =>
  orderKinds.some((kind) => kind === value);

/** What a kind is called. */
export interface OrderKindName<K extends OrderKind = OrderKind> {
  kind: K;
  /** Lists, tags, the order page's title: `SMT贴片`. */
  name: string;
  /** The quote page's tab: `SMT`. */
  tabName: string;
  /** Order numbers start with it: one capital letter (product decisions §2: P, S, G). */
  orderNoPrefix: string;
}

export const orderKindNames = {
  pcb: { kind: 'pcb', name: 'PCB', tabName: 'PCB', orderNoPrefix: 'P' },
  smt: { kind: 'smt', name: 'SMT贴片', tabName: 'SMT', orderNoPrefix: 'S' },
  stencil: { kind: 'stencil', name: '钢网', tabName: '钢网', orderNoPrefix: 'G' },
} as const satisfies { readonly [K in OrderKind]: OrderKindName<K> };
