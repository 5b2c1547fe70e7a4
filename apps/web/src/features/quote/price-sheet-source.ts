// The published price sheet and work calendar (`PriceSheet/GetPublished`) for the quote page:
// fetched once per visit, cached in localStorage so the page prices at once on the next visit
// and offline. Plain fetch + the engine's own sheet check instead of the API client and zod:
// the page's JavaScript budget (110 KB gzip) has no room for them; the URL is the client's
// `urlOf` all the same (@pcb/client/url loads neither). The envelope is the contract's
// (`{ success, data, message }`).
import { routeOf, urlOf } from '@pcb/client/url';
import type { PriceSheet, PublishedSheet } from '@pcb/contract/price-sheet';
import { checkSheetForEngine, type CalendarData } from '@pcb/pricing';
import { env } from '../../lib/env';
import { getCachedPriceSheet, setCachedPriceSheet } from '../../lib/storage';

/**
 * `PriceSheet.GetPublished` without its schemas, its names checked against the contract
 * (orders-pcb.html preloads the same URL).
 */
const GetPublished = routeOf<typeof PriceSheet.GetPublished>('PriceSheet', 'GetPublished', 'GET');

const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');

function isCalendar(value: unknown): value is CalendarData {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    Number.isInteger(c.fromYear) &&
    Number.isInteger(c.toYear) &&
    isStringArray(c.holidays) &&
    isStringArray(c.makeUpWorkdays)
  );
}

/** A published sheet as the server sends it, or null when it is not one the engine can use. */
export function parsePublishedSheet(value: unknown): PublishedSheet | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!Number.isInteger(v.version) || typeof v.publishedAt !== 'string') return null;
  if (!isCalendar(v.calendar) || checkSheetForEngine(v.sheet).length > 0) return null;
  return value as PublishedSheet;
}

export const SHEET_LOAD_FAILED = '价格表加载失败，请检查网络后重试';

/** Fetches the published sheet; rejects with a Chinese message. */
export async function fetchPublishedSheet(signal?: AbortSignal): Promise<PublishedSheet> {
  let body: unknown;
  try {
    const response = await fetch(urlOf(GetPublished, {}, env.apiBase), { signal });
    body = await response.json();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(SHEET_LOAD_FAILED);
  }
  const envelope = (body ?? {}) as { success?: unknown; data?: unknown; message?: unknown };
  if (envelope.success !== true) {
    throw new Error(
      typeof envelope.message === 'string' && envelope.message
        ? envelope.message
        : SHEET_LOAD_FAILED,
    );
  }
  const sheet = parsePublishedSheet(envelope.data);
  if (!sheet) throw new Error('服务器返回的价格表有误，请稍后重试');
  setCachedPriceSheet(sheet);
  return sheet;
}

export const readCachedSheet = (): PublishedSheet | null =>
  parsePublishedSheet(getCachedPriceSheet());

/** `2026-11-26T08:00:00Z` → `2026-11-26`, the day it was published (Asia/Shanghai). */
export function publishedDay(publishedAt: string): string {
  const time = Date.parse(publishedAt);
  if (Number.isNaN(time)) return publishedAt.slice(0, 10);
  return new Date(time + 8 * 3_600_000).toISOString().slice(0, 10);
}
