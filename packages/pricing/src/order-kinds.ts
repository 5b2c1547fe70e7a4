// The kinds of order (PCB, SMT assembly, stencil) in one place: what each kind is (its names,
// order number prefix, default parameters, field labels) and its engine (validation, price,
// one-line summary). The server, the quote page and the console read these tables instead of
// keeping their own; `ParamsOf[K]` carries each kind's parameter type through generic code
// without casts (decision 0040). A new kind is one word in `orderKinds`, one entry in each
// table and its engine; the compiler then points at every screen that must say how to show it.
import {
  comparePcbBuildTimes,
  findPcbCliffs,
  type BuildTimeOption,
  type PriceCliff,
} from './pcb-advice';
import { pcbParamString } from './pcb-param-string';
import { defaultPcbParams, pcbFields, type FieldSpec } from './pcb-params';
import { pricePcb } from './pcb-price';
import { validatePcb } from './pcb-validate';
import { InvalidParamsError, type Issue, type Quote, type QuoteOptions } from './quote';
import type { PriceSheet } from './sheet';
import { defaultSmtParams, priceSmt, smtFields, smtParamString, validateSmt } from './smt';
import {
  defaultStencilParams,
  priceStencil,
  stencilFields,
  stencilParamString,
  validateStencil,
} from './stencil';

/** The kinds of order, in the order the quote page's tabs show them. */
export const orderKinds = ['pcb', 'smt', 'stencil'] as const;
export type OrderKind = (typeof orderKinds)[number];

export const isOrderKind = (value: unknown): value is OrderKind =>
  orderKinds.some((kind) => kind === value);

/** What a kind is, as every screen names it: data only, so a page that lists orders stays light. */
export interface OrderKindInfo<K extends OrderKind, P> {
  kind: K;
  /** Lists, tags, the order page's title: `SMT贴片`. */
  name: string;
  /** The quote page's tab: `SMT`. */
  tabName: string;
  /** Order numbers start with it (product decisions §2: P, S, G). */
  orderNoPrefix: string;
  /** What the quote form starts with. */
  defaults: P;
  /** Every parameter's Chinese label and options, in the form's order. */
  fields: { readonly [F in keyof P]: FieldSpec };
}

/** What the quote page shows beside a price (PCB: cheaper sizes nearby, standard vs rush). */
export interface QuoteAdvice {
  cliffs: PriceCliff[];
  buildTimes: BuildTimeOption[];
}

/** A kind's engine: the same functions on the server (authoritative) and on the quote page. */
export interface OrderKindEngine<P> {
  /** Every refusal, each under its field; with the sheet, what the sheet decides too. */
  validate: (params: P, sheet?: PriceSheet) => Issue[];
  /** Throws `InvalidParamsError` for parameters `validate` refuses. */
  price: (sheet: PriceSheet, params: P, options?: QuoteOptions) => Quote;
  /** The one-line summary the lists show (`2层 | 100×100mm | 10片 | …`). */
  paramString: (params: P) => string;
  advise?: (sheet: PriceSheet, params: P, options: QuoteOptions, quote: Quote) => QuoteAdvice;
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

/** Each kind's engine. */
export const orderKindEngines: { readonly [K in OrderKind]: OrderKindEngine<ParamsOf[K]> } = {
  pcb: {
    validate: validatePcb,
    price: pricePcb,
    paramString: pcbParamString,
    advise: (sheet, params, options, quote) => ({
      cliffs: findPcbCliffs(sheet, params, options, quote),
      buildTimes: comparePcbBuildTimes(sheet, params, options),
    }),
  },
  smt: { validate: validateSmt, price: priceSmt, paramString: smtParamString },
  stencil: { validate: validateStencil, price: priceStencil, paramString: stencilParamString },
};

/** A quote, or the refusals: `quote` is null exactly when `issues` is not empty. */
export interface QuoteAttempt {
  issues: Issue[];
  quote: Quote | null;
}

/**
 * Validates, then prices: the parameters' refusals, or those of the price itself (a total no
 * order can hold), or the quote.
 */
export function tryQuote<K extends OrderKind>(
  kind: K,
  sheet: PriceSheet,
  params: ParamsOf[K],
  options: QuoteOptions = {},
): QuoteAttempt {
  const engine = orderKindEngines[kind];
  const issues = engine.validate(params, sheet);
  if (issues.length > 0) return { issues, quote: null };
  try {
    return { issues, quote: engine.price(sheet, params, options) };
  } catch (error) {
    if (error instanceof InvalidParamsError && error.issues.length > 0) {
      return { issues: error.issues, quote: null };
    }
    throw error;
  }
}

/** The one-line summary of any kind's parameters. */
export const orderParamString = <K extends OrderKind>(kind: K, params: ParamsOf[K]): string =>
  orderKindEngines[kind].paramString(params);
