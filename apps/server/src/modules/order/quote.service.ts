import type { OrderKind, PcbQuoteResult, QuoteResult } from '@pcb/contract';
import {
  comparePcbBuildTimes,
  findPcbCliffs,
  orderParamString,
  type Courier,
  type InvoiceKind,
  type Issue,
  type ParamsOf,
  type PcbParams,
  type PriceSheet,
  type Quote,
  type QuoteOptions,
  type ShippingChoice,
} from '@pcb/pricing';
import type { AuthMember } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { MemberGradeApi } from '../member-grade/member-grade.module';
import type { MemberReceiverApi } from '../member-receiver/member-receiver.module';
import { RECEIVER_NOT_FOUND_MESSAGE } from '../member-receiver/member-receiver.module';
import { tryPrice, type PriceSheetApi, type Published } from '../price-sheet/price-sheet.module';

/** The courier a quote with a destination but no courier is priced with (the peers' default). */
export const DEFAULT_COURIER: Courier = 'sf';

/** What a quote is priced with besides its parameters (the contract's quote options). */
export interface QuoteInput {
  receiverId?: number | undefined;
  province?: string | undefined;
  courier?: Courier | undefined;
  invoice?: InvoiceKind | undefined;
}

/** The engine's refusal as the 400 the page shows under the field. */
export function issueError(issue: Issue, paramsPrefix: string): AppError {
  const isParam = !['province', 'courier', 'invoice', 'receiverId'].includes(issue.field);
  return new AppError(400, issue.message, {
    field: isParam ? `${paramsPrefix}${issue.field}` : issue.field,
  });
}

/** Validates and prices, or answers the engine's first issue as a 400. */
export function priceOrRefuse<K extends OrderKind>(
  kind: K,
  sheet: PriceSheet,
  params: ParamsOf[K],
  options: QuoteOptions,
  paramsPrefix: string,
): Quote {
  const result = tryPrice(kind, sheet, params, options);
  if ('issue' in result) throw issueError(result.issue, paramsPrefix);
  return result.quote;
}

export const toQuoteResult = <K extends OrderKind>(
  kind: K,
  params: ParamsOf[K],
  quote: Quote,
): QuoteResult => ({
  total: quote.total,
  lines: quote.lines,
  buildDays: quote.buildDays,
  shipDate: quote.shipDate ?? null,
  warnings: quote.warnings,
  sheetVersion: quote.sheetVersion,
  regime: quote.regime,
  weightGrams: quote.weightGrams,
  paramString: orderParamString(kind, params),
});

/**
 * Quotes with the published sheet (CalcPrice): the same engine as the page, the receiver's
 * province for 运费 (the caller's own address only), the invoice's 税费, the promised date.
 */
export function createQuoteService(deps: {
  priceSheets: PriceSheetApi;
  receivers: Pick<MemberReceiverApi, 'findForMember'>;
  grades: Pick<MemberGradeApi, 'perkOf'>;
  now: Clock;
}) {
  const { priceSheets } = deps;

  async function destination(
    member: AuthMember | null,
    input: QuoteInput,
  ): Promise<ShippingChoice | undefined> {
    let province = input.province;
    if (input.receiverId !== undefined) {
      const receiver = member
        ? await deps.receivers.findForMember(member.id, input.receiverId)
        : null;
      if (!receiver) throw new AppError(400, RECEIVER_NOT_FOUND_MESSAGE, { field: 'receiverId' });
      province = receiver.region.province;
    }
    if (province === undefined || province === '') return undefined;
    return { province, courier: input.courier ?? DEFAULT_COURIER };
  }

  async function optionsFor(
    member: AuthMember | null,
    input: QuoteInput,
  ): Promise<{ sheet: Published; options: QuoteOptions }> {
    const [sheet, shipping, perk] = await Promise.all([
      priceSheets.published(),
      destination(member, input),
      // A logged-in member's grade perks (decision 0071); anonymous quotes have none.
      member ? deps.grades.perkOf(member.id) : null,
    ]);
    const options: QuoteOptions = {
      calendar: priceSheets.workCalendar.calendar,
      orderedAt: deps.now().getTime(),
    };
    if (shipping) options.shipping = shipping;
    if (input.invoice) options.invoice = input.invoice;
    if (perk) options.memberPerk = perk;
    return { sheet, options };
  }

  return {
    async pcb(
      member: AuthMember | null,
      params: PcbParams,
      input: QuoteInput,
    ): Promise<PcbQuoteResult> {
      const { sheet, options } = await optionsFor(member, input);
      const quote = priceOrRefuse('pcb', sheet.sheet, params, options, 'params.');
      return {
        ...toQuoteResult('pcb', params, quote),
        cliffs: findPcbCliffs(sheet.sheet, params, options, quote),
        buildTimes: comparePcbBuildTimes(sheet.sheet, params, options),
      };
    },

    async price<K extends OrderKind>(
      kind: K,
      member: AuthMember | null,
      params: ParamsOf[K],
      input: QuoteInput,
      paramsPrefix: string,
    ): Promise<QuoteResult> {
      const { sheet, options } = await optionsFor(member, input);
      const quote = priceOrRefuse(kind, sheet.sheet, params, options, paramsPrefix);
      return toQuoteResult(kind, params, quote);
    },

    paramString<K extends OrderKind>(kind: K, params: ParamsOf[K]): { paramString: string } {
      return { paramString: orderParamString(kind, params) };
    },
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;
