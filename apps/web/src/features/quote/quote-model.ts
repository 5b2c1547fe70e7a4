// The quote page's pricing: the engine the server runs, on the page, on every change (no
// network). One function per kind answers the same shape, so the page draws one price bar.
import type { OrderKind } from '@pcb/contract/order-quote';
import {
  comparePcbBuildTimes,
  findPcbCliffs,
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
  type BuildTimeOption,
  type Issue,
  type PriceCliff,
  type PriceSheet,
  type Quote,
  type QuoteOptions,
  type ShippingChoice,
  type WorkCalendar,
} from '@pcb/pricing';
import type { ParamsOf } from '../../lib/order-info';

export interface PricedQuote {
  /** The engine's refusals, each under its field; no quote while there is one. */
  issues: Issue[];
  quote: Quote | null;
  paramString: string;
  /** PCB only: cheaper sizes or quantities near this one. */
  cliffs: PriceCliff[];
  /** PCB only: standard and rush side by side. */
  buildTimes: BuildTimeOption[];
}

export interface PricingContext {
  sheet: PriceSheet;
  calendar?: WorkCalendar;
  /** Epoch ms the promised ship date is counted from (now, on the page). */
  orderedAt: number;
  /** Where the boards go and by which courier: adds 运费. */
  shipping?: ShippingChoice;
}

export function priceQuote<K extends OrderKind>(
  kind: K,
  params: ParamsOf<K>,
  { sheet, calendar, orderedAt, shipping }: PricingContext,
): PricedQuote {
  const options: QuoteOptions = { calendar, orderedAt, ...(shipping ? { shipping } : {}) };
  if (kind === 'pcb') {
    const p = params as ParamsOf<'pcb'>;
    const priced = attempt(validatePcb(p, sheet), () => pricePcb(sheet, p, options));
    return {
      ...priced,
      paramString: pcbParamString(p),
      cliffs: priced.quote ? findPcbCliffs(sheet, p, options, priced.quote) : [],
      buildTimes: priced.quote ? comparePcbBuildTimes(sheet, p, options) : [],
    };
  }
  if (kind === 'smt') {
    const p = params as ParamsOf<'smt'>;
    const priced = attempt(validateSmt(p, sheet), () => priceSmt(sheet, p, options));
    return { ...priced, paramString: smtParamString(p), cliffs: [], buildTimes: [] };
  }
  const p = params as ParamsOf<'stencil'>;
  const priced = attempt(validateStencil(p, sheet), () => priceStencil(sheet, p, options));
  return { ...priced, paramString: stencilParamString(p), cliffs: [], buildTimes: [] };
}

/** The quote, or the issues that refuse it: the parameters', or a total no order can hold. */
function attempt(issues: Issue[], price: () => Quote): { issues: Issue[]; quote: Quote | null } {
  if (issues.length > 0) return { issues, quote: null };
  try {
    return { issues, quote: price() };
  } catch (error) {
    if (error instanceof InvalidParamsError) return { issues: error.issues, quote: null };
    throw error;
  }
}

/** Issues of one field, and those of fields the form does not show (shown at the top). */
export function issuesFor(issues: Issue[], field: string): Issue[] {
  return issues.filter((i) => i.field === field);
}
