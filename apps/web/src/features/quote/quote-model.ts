// The quote page's pricing: the engine the server runs, on the page, on every change (no
// network). Every kind answers the same shape through the kinds' registry, so the page draws
// one price bar.
import {
  orderKindEngines,
  tryQuote,
  type BuildTimeOption,
  type Issue,
  type OrderKind,
  type ParamsOf,
  type PriceCliff,
  type PriceSheet,
  type Quote,
  type QuoteOptions,
  type ShippingChoice,
  type WorkCalendar,
} from '@pcb/pricing';

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

/** The quote, or the issues that refuse it: the parameters', or a total no order can hold. */
export function priceQuote<K extends OrderKind>(
  kind: K,
  params: ParamsOf[K],
  { sheet, calendar, orderedAt, shipping }: PricingContext,
): PricedQuote {
  const options: QuoteOptions = { calendar, orderedAt, ...(shipping ? { shipping } : {}) };
  const engine = orderKindEngines[kind];
  const { issues, quote } = tryQuote(kind, sheet, params, options);
  const advice = quote && engine.advise?.(sheet, params, options, quote);
  return {
    issues,
    quote,
    paramString: engine.paramString(params),
    cliffs: advice?.cliffs ?? [],
    buildTimes: advice?.buildTimes ?? [],
  };
}

/** Issues of one field, and those of fields the form does not show (shown at the top). */
export function issuesFor(issues: Issue[], field: string): Issue[] {
  return issues.filter((i) => i.field === field);
}
