// The kinds of order (PCB, SMT assembly, stencil) in one place: what each kind is (its names,
// order number prefix, default parameters, field labels) here, its engine (validation, price,
// one-line summary) in order-kind-engines.ts. The server, the quote page and the console read
// these two tables instead of keeping their own; `ParamsOf[K]` carries each kind's parameter
// type through generic code without casts (decision 0040). A new kind is one word in
// `orderKinds`, one entry in each table and its engine; the compiler then points at every
// screen that must say how to show it. Data only: a page that lists orders or places one
// reads this module without bundling the engine, and one that only names orders reads
// order-kind-names.ts, the registry's first columns.
import { orderKindNames, type OrderKind, type OrderKindName } from './order-kind-names';
import { defaultPcbParams, pcbFields, type FieldSpec } from './pcb-params';
import { defaultSmtParams, smtFields } from './smt';
import { defaultStencilParams, stencilFields } from './stencil';

export { isOrderKind, orderKindNames, orderKinds, type OrderKind } from './order-kind-names';

/** What a kind is, as every screen names it. */
export interface OrderKindInfo<K extends OrderKind, P> extends OrderKindName<K> {
  /** What the quote form starts with. */
  defaults: P;
  /** Every parameter's Chinese label and options, in the form's order. */
  fields: { readonly [F in keyof P]: FieldSpec };
}

const info = <K extends OrderKind, P>(entry: OrderKindInfo<K, P>) => entry;

const infos = {
  pcb: info({
    ...orderKindNames.pcb,
    defaults: defaultPcbParams,
    fields: pcbFields,
  }),
  smt: info({
    ...orderKindNames.smt,
    defaults: defaultSmtParams,
    fields: smtFields,
  }),
  stencil: info({
    ...orderKindNames.stencil,
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
