import {
  tryQuote,
  type Issue,
  type OrderKind,
  type ParamsOf,
  type PriceSheet,
  type Quote,
  type QuoteOptions,
} from '@pcb/pricing';

export type PriceResult = { quote: Quote } | { issue: Issue };

/** Validates then prices with the kind's engine (`@pcb/pricing`): the first issue, or the quote. */
export function tryPrice<K extends OrderKind>(
  kind: K,
  sheet: PriceSheet,
  params: ParamsOf[K],
  options: QuoteOptions = {},
): PriceResult {
  const { issues, quote } = tryQuote(kind, sheet, params, options);
  return quote ? { quote } : { issue: issues[0]! };
}
