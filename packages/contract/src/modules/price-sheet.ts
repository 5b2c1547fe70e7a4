// The published price sheet and work calendar, for the quote page to price offline (issue 11).
// The wire module, this file and the server's `modules/price-sheet/` share one name; staff
// editing is `StaffPriceSheet` (staff-price-sheet.ts).
import { z } from 'zod';
// A namespace: `PriceSheet` below is the wire module; the engine's type is `pricing.PriceSheet`.
import type * as pricing from '@pcb/pricing';
import { defineModule } from '../define';

/** A price sheet travels as plain JSON; `checkPriceSheet` (the engine) checks its shape. */
export const priceSheetSchema = z.record(z.string(), z.unknown()) as unknown as z.ZodType<
  pricing.PriceSheet,
  pricing.PriceSheet
>;

export const calendarDataSchema = z.object({
  fromYear: z.number().int(),
  toYear: z.number().int(),
  holidays: z.array(z.string()),
  makeUpWorkdays: z.array(z.string()),
});

export const publishedSheetSchema = z.object({
  version: z.number().int(),
  publishedAt: z.string(),
  sheet: priceSheetSchema,
  /** Holidays and make-up working days (chinese-days) from last year to the latest known. */
  calendar: calendarDataSchema,
});
export type PublishedSheet = z.infer<typeof publishedSheetSchema>;

export const PriceSheet = defineModule('PriceSheet', {
  GetPublished: {
    method: 'GET',
    summary: '当前价格表与工作日历（计价页离线计价用）',
    access: 'public',
    input: z.object({}),
    output: publishedSheetSchema,
  },
});
