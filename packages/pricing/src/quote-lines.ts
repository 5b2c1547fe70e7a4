// The lines every kind of quote ends with (运费, 税费), the total, and the promised date.
import { hasOwn } from './own';
import { calendarWarning, shipDate } from './calendar';
import { applyRate, yuan } from './money';
import {
  InvalidParamsError,
  invoiceLabels,
  type FeeLine,
  type Quote,
  type QuoteOptions,
} from './quote';
import type { PriceSheet } from './sheet';
import { shippingLine } from './shipping';

const percent = (r: { num: number; den: number }) =>
  `${Number(((r.num / r.den) * 100).toFixed(2))}%`;

/** The one line whose amount is negative: the member's grade discount (decision 0071). */
export const MEMBER_DISCOUNT_CODE = 'memberDiscount';

export const sumLines = (lines: FeeLine[]): number => lines.reduce((sum, l) => sum + l.amount, 0);

/**
 * The most an order holds, in fen and in grams: the orders table's `integer` columns (`total`,
 * `weight_grams`), ¥21,474,836.47 (decision 0033).
 */
export const MAX_ORDER_AMOUNT = 2_147_483_647;

/**
 * The total of the lines. Refused, as a parameter issue under the quantity, when it, a line or
 * the weight is more than an order holds (a large order, or a sheet published before the
 * bounds): never a number no order, no answer and no JSON reader can carry.
 */
export function orderTotal(lines: FeeLine[], weightGrams: number): number {
  const total = sumLines(lines);
  const amounts = lines.map((l) => (l.code === MEMBER_DISCOUNT_CODE ? -l.amount : l.amount));
  for (const n of [total, weightGrams, ...amounts]) {
    if (!(Number.isSafeInteger(n) && n >= 0 && n <= MAX_ORDER_AMOUNT)) {
      throw new InvalidParamsError([
        {
          field: 'quantity',
          code: 'quote.tooLarge',
          message: `报价超过单笔订单上限${yuan(MAX_ORDER_AMOUNT)}，请减少数量分批下单，或联系业务员`,
        },
      ]);
    }
  }
  return total;
}

/**
 * 会员折扣: the member's grade discount on the PCB lines so far (before 运费 and 税费), as a
 * negative line, rounded half up to the fen (decision 0071). None for a rate of 0.
 */
export function appendMemberDiscount(options: QuoteOptions, lines: FeeLine[]): void {
  const perk = options.memberPerk;
  if (!perk || perk.discountBp <= 0) return;
  const base = sumLines(lines);
  const discount = applyRate(base, { num: perk.discountBp, den: 10_000 });
  if (discount === 0) return;
  const rate = `${Number((perk.discountBp / 100).toFixed(2))}%`;
  lines.push({
    code: MEMBER_DISCOUNT_CODE,
    name: `会员折扣(${perk.name} ${rate})`,
    amount: -discount,
    reason: `${perk.name}会员PCB享${rate}折扣：${yuan(base)} × ${rate}，四舍五入到分`,
  });
}

/** 运费 (when a destination is chosen) and 税费 (when a VAT invoice is), appended to `lines`. */
export function appendShippingAndTax(
  sheet: PriceSheet,
  options: QuoteOptions,
  weightGrams: number,
  lines: FeeLine[],
  warnings: string[],
): void {
  if (options.shipping) {
    const line = shippingLine(sheet, options.shipping, weightGrams);
    if ('error' in line)
      throw new InvalidParamsError([
        line.error === 'province'
          ? { field: 'province', code: 'shipping.province', message: '请选择中国大陆的收货省份' }
          : { field: 'courier', code: 'shipping.courier', message: '请选择快递公司' },
      ]);
    if (options.memberPerk?.freeShipping && line.amount > 0) {
      lines.push({
        ...line,
        amount: 0,
        reason: `${options.memberPerk.name}会员包邮（原${yuan(line.amount)}）：${line.reason}`,
      });
    } else {
      lines.push(line);
    }
  } else {
    warnings.push('未选收货地址，运费下单时按地址计算');
  }
  const invoice = options.invoice ?? 'none';
  if (invoice !== 'none') {
    const rate = hasOwn(sheet.tax, invoice) ? sheet.tax[invoice] : undefined;
    if (!rate) {
      throw new InvalidParamsError([
        { field: 'invoice', code: 'invoice.kind', message: '请选择发票类型' },
      ]);
    }
    const base = sumLines(lines);
    lines.push({
      code: 'tax',
      name: '税费',
      amount: applyRate(base, rate),
      reason: `开${invoiceLabels[invoice]}，按${yuan(base)} × 税点${percent(rate)}`,
    });
  }
}

/** Adds the promised ship date when a calendar and an order time are given. */
export function promise(sheet: PriceSheet, options: QuoteOptions, quote: Quote): void {
  if (!options.calendar || options.orderedAt === undefined) return;
  quote.shipDate = shipDate(options.calendar, options.orderedAt, sheet.cutoffHour, quote.buildDays);
  const warning = calendarWarning(options.calendar, quote.shipDate);
  if (warning) quote.warnings.push(warning);
}
