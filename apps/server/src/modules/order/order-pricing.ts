import { PRICE_CHANGED_MESSAGE, type OrderKind, type Receiver } from '@pcb/contract';
import type {
  Courier,
  InvoiceKind,
  MemberPerkOption,
  ParamsOf,
  PriceSheet,
  Quote,
  WorkCalendar,
} from '@pcb/pricing';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { PriceSheetApi, Published } from '../price-sheet/price-sheet.module';
import type { NewOrder } from './order.repository';
import type { ContactSnapshot, InvoiceSnapshot, OrderRow, ReceiverSnapshot } from './order.table';
import { priceOrRefuse, toQuoteResult } from './quote.service';

/** What an order is priced with besides its kind and parameters: the member's choices. */
export interface OrderChoices {
  memberId: number;
  receiver: ReceiverSnapshot;
  courier: Courier;
  contact: ContactSnapshot | null;
  invoice: InvoiceKind;
  invoiceProfile: InvoiceSnapshot | null;
  fileKey: string;
  fileName: string;
  remark: string | null;
  requestId: string;
  /** The member's grade perks, taken when the order is placed (decision 0071). */
  memberPerk: MemberPerkOption | null;
}

/** An order ready to record: priced, its snapshots taken (what `record` stores). */
export interface PricedOrder<K extends OrderKind = OrderKind> extends OrderChoices {
  kind: K;
  params: ParamsOf[K];
  sheet: PriceSheet;
  calendar: WorkCalendar;
  orderedAt: Date;
  /** An unchanged repeat (返单): the engine waives the engineering fee. */
  repeatOrder?: boolean;
}

/** The address an order keeps, as it was when chosen (a later edit of the address leaves it). */
export const receiverSnapshot = (receiver: Receiver): ReceiverSnapshot => ({
  receiverId: receiver.id,
  receiverName: receiver.receiverName,
  mobile: receiver.mobile,
  regionCode: receiver.region.code,
  province: receiver.region.province,
  city: receiver.region.city,
  county: receiver.region.county,
  address: receiver.address,
  postcode: receiver.postcode,
  company: receiver.company,
});

/** An order's own choices: what an edit and a repeat (返单) are priced with again. */
export const choicesOf = (row: OrderRow): OrderChoices => ({
  memberId: row.memberId,
  receiver: row.receiver,
  courier: row.courier as Courier,
  contact: row.contact,
  invoice: row.invoice as InvoiceKind,
  invoiceProfile: row.invoiceProfile,
  fileKey: row.fileKey,
  fileName: row.fileName,
  remark: row.remark,
  requestId: row.requestId,
  memberPerk: row.memberPerk,
});

/** The engine's quote of an order (400 naming the parameter when it cannot be made). */
export function quoteOrder<K extends OrderKind>(order: PricedOrder<K>): Quote {
  return priceOrRefuse(
    order.kind,
    order.sheet,
    order.params,
    {
      shipping: { province: order.receiver.province, courier: order.courier },
      invoice: order.invoice,
      calendar: order.calendar,
      orderedAt: order.orderedAt.getTime(),
      repeatOrder: order.repeatOrder ?? false,
      ...(order.memberPerk ? { memberPerk: order.memberPerk } : {}),
    },
    'params.',
  );
}

/** The row of an order priced by the server (also what the demo seed records). */
export function priceOrder<K extends OrderKind>(order: PricedOrder<K>): NewOrder {
  const quote = quoteOrder(order);
  const view = toQuoteResult(order.kind, order.params, quote);
  return {
    kind: order.kind,
    memberId: order.memberId,
    params: order.params,
    paramString: view.paramString,
    sheetVersion: quote.sheetVersion,
    lines: quote.lines,
    total: quote.total,
    buildDays: quote.buildDays,
    shipDate: quote.shipDate ?? null,
    weightGrams: quote.weightGrams,
    courier: order.courier,
    invoice: order.invoice,
    receiver: order.receiver,
    contact: order.contact,
    invoiceProfile: order.invoiceProfile,
    fileKey: order.fileKey,
    fileName: order.fileName,
    remark: order.remark,
    requestId: order.requestId,
    memberPerk: order.memberPerk,
  };
}

/**
 * Pricing an order on the published sheet now, the one way placing, editing and repeating
 * (返单) an order price it: the published sheet (read by the caller before any transaction),
 * the work calendar and the server's clock.
 */
export function createOrderPricing(deps: { priceSheets: PriceSheetApi; now: Clock }) {
  const pricedNow = <K extends OrderKind>(
    kind: K,
    params: ParamsOf[K],
    choices: OrderChoices,
    published: Published,
    options: { repeatOrder?: boolean; orderedAt?: Date },
  ): PricedOrder<K> => ({
    ...choices,
    kind,
    params,
    sheet: published.sheet,
    calendar: deps.priceSheets.workCalendar.calendar,
    orderedAt: options.orderedAt ?? deps.now(),
    repeatOrder: options.repeatOrder ?? false,
  });

  return {
    /** The order's row, priced. `repeatOrder`: an unchanged repeat, no engineering fee. */
    price: <K extends OrderKind>(
      kind: K,
      params: ParamsOf[K],
      choices: OrderChoices,
      published: Published,
      options: { repeatOrder?: boolean; orderedAt?: Date } = {},
    ): NewOrder => priceOrder(pricedNow(kind, params, choices, published, options)),

    /** The engine's quote alone (what an edit would cost, shown before it is made). */
    quote: <K extends OrderKind>(
      kind: K,
      params: ParamsOf[K],
      choices: OrderChoices,
      published: Published,
    ): Quote => quoteOrder(pricedNow(kind, params, choices, published, {})),

    /**
     * 409 when the member was shown another sheet or total than the server's price
     * (decision 0028): nothing is saved, the page shows the new price.
     */
    assertAsShown(
      shown: { sheetVersion: number; expectedTotal: number },
      published: Published,
      values: Pick<NewOrder, 'total'>,
    ): void {
      if (shown.sheetVersion !== published.version || values.total !== shown.expectedTotal) {
        throw new AppError(409, PRICE_CHANGED_MESSAGE, { field: 'expectedTotal' });
      }
    },
  };
}

export type OrderPricing = ReturnType<typeof createOrderPricing>;
