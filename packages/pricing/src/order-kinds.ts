// The kinds of order (PCB, SMT assembly, stencil) in one place: what each kind is (its names,
// order number prefix, default parameters, field labels) here, its engine (validation, price,
// one-line summary) in order-kind-engines.ts. The server, the quote page and the console read
// these two tables instead of keeping their own; `ParamsOf[K]` carries each kind's parameter
// type through generic code without casts (decision 0040). A new kind is one word in
// `orderKinds`, one entry in each table and its engine; the compiler then points at every
// screen that must say how to show it. Data only: a page that lists orders or places one
// reads this module without bundling the engine.
import { defaultPcbParams, pcbFields, type FieldSpec } from './pcb-params';
import { defaultSmtParams, smtFields } from './smt';
import { defaultStencilParams, stencilFields } from './stencil';

/** The kinds of order, in the order the quote page's tabs show them. */
export const orderKinds = ['pcb', 'smt', 'stencil'] as const;
export type OrderKind = (typeof orderKinds)[number];

export const isOrderKind = (value: unknown): value is OrderKind =>
  orderKinds.some((kind) => kind === value);

/** What a kind is, as every screen names it. */
export interface OrderKindInfo<K extends OrderKind, P> {
  kind: K;
  /** Lists, tags, the order page's title: `SMT贴片`. */
  name: string;
  /** The quote page's tab: `SMT`. */
  tabName: string;
  /** Order numbers start with it: one capital letter (product decisions §2: P, S, G). */
  orderNoPrefix: string;
  /** What the quote form starts with. */
  defaults: P;
  /** Every parameter's Chinese label and options, in the form's order. */
  fields: { readonly [F in keyof P]: FieldSpec };
}

const info = <K extends OrderKind, P>(entry: OrderKindInfo<K, P>) => entry;

const infos = {
  pcb: info({
    kind: 'pcb',
    name: 'PCB',
    tabName: 'PCB',
    orderNoPrefix: 'P',
    defaults: defaultPcbParams,
    fields: pcbFields,
  }),
  smt: info({
    kind: 'smt',
    name: 'SMT贴片',
    tabName: 'SMT',
    orderNoPrefix: 'S',
    defaults: defaultSmtParams,
    fields: smtFields,
  }),
  stencil: info({
    kind: 'stencil',
    name: '钢网',
    tabName: '钢网',
    orderNoPrefix: 'G',
    defaults: defaultStencilParams,
    fields: stencilFields,
  }),
} satisfies { [K in OrderKind]: { kind: K } };

/** Each kind's parameters: `ParamsOf['smt']` is `SmtParams`. */
export type ParamsOf = { [K in OrderKind]: (typeof infos)[K]['defaults'] };

/** One kind's parameters together with its kind (a union that narrows on `kind`). */
export type KindParams = { [K in OrderKind]: { kind: K; params: ParamsOf[K] } }[OrderKind];

/** What each kind is. Typed over `OrderKind`, so `orderKindRegistry[kind]` keeps `ParamsOf[K]`. */
export const orderKindRegistry: { readonly [K in OrderKind]: OrderKindInfo<K, ParamsOf[K]> } =
  infos;
