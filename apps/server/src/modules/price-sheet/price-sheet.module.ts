import {
  createWorkCalendar,
  defaultPriceSheet,
  type CalendarData,
  type WorkCalendar,
} from '@pcb/pricing';
import { chineseDaysCalendarData } from '@pcb/pricing/chinese-days';
import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import type { StaffApi } from '../staff/staff.module';
import { createPriceSheetRepository, publishIfNone } from './price-sheet.repository';
import { registerPriceSheetRoutes } from './price-sheet.routes';
import { createPriceSheetService } from './price-sheet.service';
import { createPublishedSheetCache, type Published } from './published-sheet';

export { tryPrice, type PriceResult } from './engines';
export type { Published } from './published-sheet';

export interface WorkCalendarData {
  data: CalendarData;
  calendar: WorkCalendar;
}

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** Holidays from last year to the latest year announced, built once per process. */
export function buildWorkCalendar(at: Date): WorkCalendarData {
  const year = new Date(at.getTime() + SHANGHAI_OFFSET_MS).getUTCFullYear();
  const data = chineseDaysCalendarData(year - 1);
  return { data, calendar: createWorkCalendar(data) };
}

export interface PriceSheetApi {
  /** The published sheet (cached; `fresh` checks the version first). */
  published: (options?: { fresh?: boolean }) => Promise<Published>;
  workCalendar: WorkCalendarData;
}

/**
 * Price sheets (decision 0028): the published one for every quote and order, cached in memory;
 * staff drafts, previews and publications (StaffPriceSheet); the public copy for the quote
 * page (PriceSheet/GetPublished). A database without a published sheet gets the engine's
 * default as version 1, in production too (prices are needed to run).
 */
export const priceSheetModule = appModule({
  seed: ({ tx, now }) => publishIfNone(tx, defaultPriceSheet, now),
  create: (
    { db, now }: Pick<Platform, 'db' | 'now'>,
    { staff }: { staff: Pick<StaffApi, 'namesOf'> },
  ) => {
    const repository = createPriceSheetRepository(db);
    const published = createPublishedSheetCache({ repository, now });
    const workCalendar = buildWorkCalendar(now());
    const sheets = createPriceSheetService({
      repository,
      published,
      calendarData: workCalendar.data,
      staff,
      now,
    });
    const api: PriceSheetApi = { published: published.get, workCalendar };
    return { api, routes: (route) => registerPriceSheetRoutes(route, sheets) };
  },
});
