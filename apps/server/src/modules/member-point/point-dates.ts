/** Days and years of the points calendar, in China time (UTC+8 all year). */
const CHINA_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 24 * 3600_000;

export const chinaDayOf = (at: Date): string =>
  new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/** Midnight China time at the start of the day. */
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00+08:00`);

export const addDays = (day: string, days: number): string =>
  chinaDayOf(new Date(dayStart(day).getTime() + days * DAY_MS));

/**
 * When points earned at `at` expire: the end of the year after the year they were earned, i.e.
 * midnight China time starting 1 January two years on.
 */
export const expiryOf = (at: Date): Date =>
  dayStart(`${Number(chinaDayOf(at).slice(0, 4)) + 2}-01-01`);

/** The last day points of this expiry may be used (`2027-12-31`). */
export const lastDayBefore = (expiresAt: Date): string => addDays(chinaDayOf(expiresAt), -1);
