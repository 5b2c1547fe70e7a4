import type { OrderKind } from '@pcb/contract';
import {
  InvalidParamsError,
  pcbParamString,
  pricePcb,
  priceSmt,
  priceStencil,
  smtParamString,
  stencilParamString,
  validatePcb,
  validateSmt,
  validateStencil,
  type Issue,
  type PcbParams,
  type PriceSheet,
  type Quote,
  type QuoteOptions,
  type SmtParams,
  type StencilParams,
} from '@pcb/pricing';

export interface ParamsOf {
  pcb: PcbParams;
  smt: SmtParams;
  stencil: StencilParams;
}

interface Engine<P> {
  validate: (params: P, sheet?: PriceSheet) => Issue[];
  price: (sheet: PriceSheet, params: P, options?: QuoteOptions) => Quote;
  paramString: (params: P) => string;
}

/** The engine's functions for each kind of order: one table, read by quotes, orders, previews. */
export const engines: { [K in OrderKind]: Engine<ParamsOf[K]> } = {
  pcb: { validate: validatePcb, price: pricePcb, paramString: pcbParamString },
  smt: { validate: validateSmt, price: priceSmt, paramString: smtParamString },
  stencil: { validate: validateStencil, price: priceStencil, paramString: stencilParamString },
};

export type PriceResult = { quote: Quote } | { issue: Issue };

/** Validates then prices: the first issue the engine finds, or the quote. */
export function tryPrice<K extends OrderKind>(
  kind: K,
  sheet: PriceSheet,
  params: ParamsOf[K],
  options: QuoteOptions = {},
): PriceResult {
  const engine = engines[kind] as Engine<ParamsOf[K]>;
  const issues = engine.validate(params, sheet);
  if (issues.length > 0) return { issue: issues[0]! };
  try {
    return { quote: engine.price(sheet, params, options) };
  } catch (error) {
    if (error instanceof InvalidParamsError && error.issues[0]) return { issue: error.issues[0] };
    throw error;
  }
}
