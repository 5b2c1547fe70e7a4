// Each kind of order's engine (decision 0040): the same functions on the server (authoritative)
// and on the quote page, keyed by the kinds of order-kinds.ts. Apart from the registry so that
// a page reading the kinds' names and defaults does not bundle the engine.
import type { OrderKind, ParamsOf } from './order-kinds';
import {
  comparePcbBuildTimes,
  findPcbCliffs,
  type BuildTimeOption,
  type PriceCliff,
} from './pcb-advice';
import { pcbParamString } from './pcb-param-string';
import { pricePcb } from './pcb-price';
import { validatePcb } from './pcb-validate';
import { InvalidParamsError, type Issue, type Quote, type QuoteOptions } from './quote';
import type { PriceSheet } from './sheet';
import { priceSmt, smtParamString, validateSmt } from './smt';
import { priceStencil, stencilParamString, validateStencil } from './stencil';

/** What the quote page shows beside a price (PCB: cheaper sizes nearby, standard vs rush). */
export interface QuoteAdvice {
  cliffs: PriceCliff[];
  buildTimes: BuildTimeOption[];
}

export interface OrderKindEngine<P> {
  /** Every refusal, each under its field; with the sheet, what the sheet decides too. */
  validate: (params: P, sheet?: PriceSheet) => Issue[];
  /** Throws `InvalidParamsError` for parameters `validate` refuses. */
  price: (sheet: PriceSheet, params: P, options?: QuoteOptions) => Quote;
  /** The one-line summary the lists show (`2层 | 100×100mm | 10片 | …`). */
  paramString: (params: P) => string;
  advise?: (sheet: PriceSheet, params: P, options: QuoteOptions, quote: Quote) => QuoteAdvice;
}

/** Each kind's engine. Typed over `OrderKind`, so `orderKindEngines[kind]` takes `ParamsOf[K]`. */
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
