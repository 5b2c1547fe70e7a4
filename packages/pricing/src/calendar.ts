// Working days in China: weekends rest unless a make-up working day (调休上班) says otherwise,
// public holidays rest. The data comes in (`CalendarData`, built from the `chinese-days`
// package by `@pcb/pricing/chinese-days` on the server and shipped to the page as JSON), so
// the engine itself stays pure and small.

/** Days of rest that fall on weekdays, and weekend days that are worked, `YYYY-MM-DD`. */
export interface CalendarData {
  /** The years the data is known for (a year outside them counts weekends only). */
  fromYear: number;
  toYear: number;
  holidays: string[];
  makeUpWorkdays: string[];
}

export interface WorkCalendar {
  /** Day number: days since 1970-01-01. */
  isWorkday(day: number): boolean;
  /** Whether the holiday data knows this year. */
  knowsYear(year: number): boolean;
}

const DAY_MS = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** `2026-10-01` → day number (days since 1970-01-01). */
export function dayNumber(date: string): number {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  const d = Number(date.slice(8, 10));
  return Math.floor(Date.UTC(y, m - 1, d) / DAY_MS);
}

/** Day number → `YYYY-MM-DD`. */
export function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday (1970-01-01 was a Thursday). */
export const weekday = (day: number): number => (((day + 4) % 7) + 7) % 7;

export function createWorkCalendar(data: CalendarData): WorkCalendar {
  const holidays = new Set(data.holidays.map(dayNumber));
  const makeUp = new Set(data.makeUpWorkdays.map(dayNumber));
  return {
    isWorkday(day) {
      if (holidays.has(day)) return false;
      if (makeUp.has(day)) return true;
      const w = weekday(day);
      return w !== 0 && w !== 6;
    },
    knowsYear: (year) => year >= data.fromYear && year <= data.toYear,
  };
}

/** The day production starts: today before the cut-off on a working day, else the next one. */
export function productionStartDay(
  calendar: WorkCalendar,
  orderedAt: number,
  cutoffHour: number,
): number {
  const local = orderedAt + SHANGHAI_OFFSET_MS;
  const day = Math.floor(local / DAY_MS);
  const hour = Math.floor((local - day * DAY_MS) / 3_600_000);
  if (hour < cutoffHour && calendar.isWorkday(day)) return day;
  return addWorkingDays(calendar, day, 1);
}

/** The `n`th working day after `day` (n = 0: `day` itself). */
export function addWorkingDays(calendar: WorkCalendar, day: number, n: number): number {
  let d = day;
  let left = n;
  while (left > 0) {
    d += 1;
    if (calendar.isWorkday(d)) left -= 1;
  }
  return d;
}

/**
 * The promised ship date: production starts on the order's day (a working day, before the
 * cut-off) or the next working day, and ships `buildDays` working days later.
 */
export function shipDate(
  calendar: WorkCalendar,
  orderedAt: number,
  cutoffHour: number,
  buildDays: number,
): string {
  return dateOf(
    addWorkingDays(calendar, productionStartDay(calendar, orderedAt, cutoffHour), buildDays),
  );
}

/** A warning when the ship date falls in a year the holiday data does not know. */
export function calendarWarning(calendar: WorkCalendar, date: string): string | undefined {
  const year = Number(date.slice(0, 4));
  return calendar.knowsYear(year)
    ? undefined
    : `${year}年的法定节假日尚未公布，交期只按周末计算，节假日公布后可能顺延`;
}
