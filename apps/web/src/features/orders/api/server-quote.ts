import { useQuery } from '@tanstack/react-query';
import { PcbQuote, SmtQuote, StencilQuote, type QuoteResult } from '@pcb/contract/order-quote';
import type { Courier, InvoiceKind } from '@pcb/pricing';
import { apiCall } from '../../../lib/api';
import type { OrderInfo } from '../../../lib/order-info';

export interface PricingChoices {
  receiverId?: number;
  courier?: Courier;
  invoice: InvoiceKind;
}

/** The server's price of the quote with the receiver, courier and invoice: the one that counts. */
export function fetchServerQuote(
  info: OrderInfo,
  choices: PricingChoices,
  signal?: AbortSignal,
): Promise<QuoteResult> {
  if (info.kind === 'pcb')
    return apiCall(PcbQuote.CalcPrice, { params: info.params, ...choices }, { signal });
  if (info.kind === 'smt')
    return apiCall(SmtQuote.CalcPrice, { ...info.params, ...choices }, { signal });
  return apiCall(StencilQuote.CalcPrice, { params: info.params, ...choices }, { signal });
}

export function useServerQuote(info: OrderInfo, choices: PricingChoices, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [info.kind, 'CalcPrice', info.params, choices],
    queryFn: ({ signal }) => fetchServerQuote(info, choices, signal),
    meta: { access: 'optional' },
  });
}

/**
 * Lines the quote page never shows: it knows no receiver, no invoice and no member (the grade
 * discount, decision 0071).
 */
const ORDER_ONLY_LINES = /^(shipping|tax|memberDiscount)/;

/**
 * Whether the server priced the parameters differently from the quote page: another sheet
 * version, or other lines than the 运费, 税费 and 会员折扣 this page adds.
 */
export function priceChangedSinceQuote(info: OrderInfo, quote: QuoteResult): boolean {
  if (quote.sheetVersion !== info.sheetVersion) return true;
  const partsTotal = quote.lines
    .filter((line) => !ORDER_ONLY_LINES.test(line.code))
    .reduce((sum, line) => sum + line.amount, 0);
  return partsTotal !== info.total;
}
