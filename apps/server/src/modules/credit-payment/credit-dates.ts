/** Days of the credit calendar, in China time (`2026-11-27`). */
const CHINA_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

export const chinaDayOf = (at: Date): string =>
  new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/** Midnight China time at the start of the day. */
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00+08:00`);

export const addDays = (day: string, days: number): string =>
  chinaDayOf(new Date(dayStart(day).getTime() + days * DAY_MS));

export const dayOfMonth = (day: string): number => Number(day.slice(8, 10));
